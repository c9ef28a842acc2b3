/**
 * The rollup against hand-computed expectations (docs/metrics.md, "Derived data"). This file's database
 * is its own clone of the seeded template; the demo world is removed and a tiny world is inserted:
 *
 *   A  单机游戏 (17 → 游戏 4)   MCN M1   fans +100/day, then +5,000 on D (a spike, cause video a2)
 *   B  手机游戏 (172 → 游戏 4)           fans +200/day, then −3,000 on D (a drop, no video that week)
 *   C  电子竞技 (171 → 游戏 4)  MCN M1   fans +1,000/day, +2,500 on D (below 0.5 % of 1M: no event)
 *   D  数码 (95 → 科技 188)     MCN M2   5,000 fans, +800 on D (below 1,000: no event)
 *   E  美食制作 (76 → 美食 211) MCN M2   no snapshot on D − 2, −1,500 on D − 1 (a drop), −100 on D
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import type { Db } from '../../db/client.js';
import type { VideoCounts } from '../../db/schema.js';
import { readKolItems } from '../creators/kol-items.js';
import { backfillRollups, rollupDay, runNightlyRollups } from './index.js';

const D = '2025-03-31';
const day = (k: number) => new Date(Date.parse(`${D}T00:00:00Z`) + k * 86_400_000).toISOString().slice(0, 10);
/** noon of day D + k in Asia/Shanghai */
const at = (k: number) => `${day(k)}T12:00:00+08:00`;

let t: TestApp;
let db: Db;
let hasComments = false;
const id: Record<'A' | 'B' | 'C' | 'D' | 'E', number> = { A: 0, B: 0, C: 0, D: 0, E: 0 };
const vid: Record<string, number> = {};
const mcn: Record<'M1' | 'M2', number> = { M1: 0, M2: 0 };

async function insertCreator(name: string, tid: number, mcnId: number | null, fans: number): Promise<number> {
  const row = await db
    .insertInto('creators')
    .values({ mid: 880_000_000 + Object.keys(id).indexOf(name), name, partition_tid: tid, mcn_id: mcnId, fans })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

async function insertDaily(creator: number, rows: [k: number, fans: number][]): Promise<void> {
  await db
    .insertInto('creator_daily')
    .values(rows.map(([k, fans]) => ({ creator_id: creator, day: day(k), fans, likes: 0, plays: 0, video_count: 0 })))
    .execute();
}

let nextAid = 990_000_001;
async function insertVideo(
  key: string,
  creator: number,
  k: number,
  s: Pick<VideoCounts, 'play'> & Partial<VideoCounts>,
  status = 0,
): Promise<void> {
  const aid = nextAid++;
  const row = await db
    .insertInto('videos')
    .values({
      aid,
      bvid: `BVtest${aid}`,
      creator_id: creator,
      title: key,
      pubdate: at(k),
      status,
      play: s.play,
      likes: s.likes ?? 0,
      coin: s.coin ?? 0,
      favorite: s.favorite ?? 0,
      share: s.share ?? 0,
      reply: s.reply ?? 0,
      danmaku: s.danmaku ?? 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  vid[key] = Number(row.id);
}

let nextRpid = 770_000_001;
async function comment(video: string, mid: number, sex: number, region: string | null, k: number): Promise<void> {
  await db
    .insertInto('comments')
    .values({
      video_id: vid[video] ?? 0,
      rpid: nextRpid++,
      mid,
      uname: `u${mid}`,
      sex,
      ip_location: region,
      message: '好',
      ctime: at(k),
    })
    .execute();
}

/** Days k = −8 … 0 with fans f0 + step per day, then `last` on D. */
function series(f0: number, step: number, last: number): [number, number][] {
  const rows: [number, number][] = [];
  for (let k = -8; k <= -1; k++) rows.push([k, f0 + (k + 8) * step]);
  rows.push([0, last]);
  return rows;
}

beforeAll(async () => {
  t = await createTestApp();
  db = t.ctx.db;
  await sql`TRUNCATE creators, mcns, rankings, partition_portraits RESTART IDENTITY CASCADE`.execute(db);
  hasComments =
    (await sql<{ t: string | null }>`SELECT to_regclass('comments')::text AS t`.execute(db)).rows[0]?.t != null;

  for (const name of ['M1', 'M2'] as const) {
    const row = await db.insertInto('mcns').values({ name }).returning('id').executeTakeFirstOrThrow();
    mcn[name] = row.id;
  }
  id.A = await insertCreator('A', 17, mcn.M1, 205_700);
  id.B = await insertCreator('B', 172, null, 98_400);
  id.C = await insertCreator('C', 171, mcn.M1, 1_009_500);
  id.D = await insertCreator('D', 95, mcn.M2, 5_870);
  id.E = await insertCreator('E', 76, mcn.M2, 48_900);

  await insertDaily(id.A, [[-35, 150_000], ...series(200_000, 100, 205_700)]);
  await insertDaily(id.B, series(100_000, 200, 98_400));
  await insertDaily(id.C, series(1_000_000, 1_000, 1_009_500));
  await insertDaily(id.D, series(5_000, 10, 5_870));
  await insertDaily(id.E, [
    [-8, 50_000],
    [-7, 50_100],
    [-6, 50_200],
    [-5, 50_300],
    [-4, 50_400],
    [-3, 50_500],
    [-1, 49_000],
    [0, 48_900],
  ]);

  await insertVideo('a1', id.A, -3, {
    play: 50_000,
    likes: 4_000,
    coin: 1_000,
    favorite: 2_000,
    share: 500,
    reply: 300,
    danmaku: 200,
  });
  await insertVideo('a2', id.A, -1, {
    play: 80_000,
    likes: 6_000,
    coin: 2_000,
    favorite: 3_000,
    share: 700,
    reply: 500,
    danmaku: 800,
  });
  await insertVideo('a3', id.A, -10, {
    play: 500_000,
    likes: 20_000,
    coin: 5_000,
    favorite: 8_000,
    share: 1_000,
    reply: 1_000,
    danmaku: 5_000,
  });
  await insertVideo('a4', id.A, -2, { play: 20_000 }, -1);
  await insertVideo('b1', id.B, -20, {
    play: 10_000,
    likes: 500,
    coin: 100,
    favorite: 200,
    share: 50,
    reply: 40,
    danmaku: 10,
  });
  await insertVideo('c1', id.C, -40, { play: 30_000, likes: 3_000 });
  await insertVideo('c2', id.C, -60, { play: 50_000, likes: 2_000 });
  await insertVideo('d1', id.D, -200, { play: 0 }, -1);
  await insertVideo('e1', id.E, -5, { play: 3_000, likes: 300 });

  if (hasComments) {
    // A: 40 commenters — 1…30 male, 31…38 female, 39…40 unknown; 1…20 广东, 21…30 北京, 31…38 上海.
    for (let m = 1; m <= 40; m++) {
      const sex = m <= 30 ? 1 : m <= 38 ? 0 : 2;
      const region = m <= 20 ? '广东' : m <= 30 ? '北京' : m <= 38 ? '上海' : null;
      await comment(m % 2 ? 'a1' : 'a2', m, sex, region, -1);
      // 31…40 also comment on D's (deleted) video: their age mix is 游戏 + 科技.
      if (m > 30) await comment('d1', m, sex, region, -2);
    }
    await comment('a1', 1, 1, '北京', -5); // older comment of commenter 1: the latest (广东) counts
    await comment('a1', 9999, 0, '西藏', -100); // outside the 90 days
    // B: 10 commenters, 5 male and 5 female, all 四川.
    for (let m = 101; m <= 110; m++) await comment('b1', m, m <= 105 ? 1 : 0, '四川', -3);
  }
});

afterAll(async () => {
  await t.close();
});

/** Every derived row (computed_at left out) — for idempotency checks. */
async function dump(): Promise<string> {
  const tables = await Promise.all([
    sql`SELECT * FROM fan_events ORDER BY creator_id, day`.execute(db),
    sql`SELECT * FROM mcn_daily ORDER BY mcn_id, day`.execute(db),
    sql`SELECT * FROM rankings ORDER BY kind, period, day, partition_tid, rank`.execute(db),
    sql`SELECT to_jsonb(m) - 'computed_at' AS r FROM creator_metrics m ORDER BY creator_id`.execute(db),
    sql`SELECT to_jsonb(p) - 'computed_at' AS r FROM partition_portraits p ORDER BY tid`.execute(db),
    sql`SELECT id, index_num FROM creators ORDER BY id`.execute(db),
  ]);
  return JSON.stringify(tables.map((x) => x.rows));
}

interface MetricsRow {
  creator_id: string;
  day: string;
  fans: string;
  fans_change_1: string | null;
  fans_change_7: string | null;
  fans_change_30: string | null;
  index_num: string;
  sample_window: number;
  week_video_num: number;
  week_avg_play: string;
  avg_praise: string;
  week_avg_collect: string;
  week_avg_share: string;
  week_avg_comment: string;
  week_cast_currency: string;
  charging_num: number;
  recent_avg_play: string;
  engagement_rate: number;
  videos_30d: number;
  normal_price: string;
  video_price: string;
  implantation_price: string;
  special_price: string;
  business_value: string;
  gender_portrait: string;
  age_portrait: string;
  area_portrait: string;
  portrait_source: string;
  portrait_sample: number;
  audience_male_pct: string;
  audience_top_region: string | null;
  /** The partition portrait shown instead of stored strings (migration 0013), else null. */
  portrait_tid: number | null;
  /** Whether the row stores its own three portrait strings. */
  stored: boolean;
}

/** A creator's row, its portraits as readers show them: the stored strings, else those of portrait_tid. */
async function metrics(creator: number): Promise<MetricsRow> {
  const r = await sql<MetricsRow & { p_gender: string | null; p_age: string | null; p_area: string | null }>`
    SELECT m.*, m.gender_portrait IS NOT NULL AND m.age_portrait IS NOT NULL AND m.area_portrait IS NOT NULL AS stored,
           p.gender_portrait AS p_gender, p.age_portrait AS p_age, p.area_portrait AS p_area
    FROM creator_metrics m LEFT JOIN partition_portraits p ON p.tid = m.portrait_tid
    WHERE m.creator_id = ${creator}`.execute(db);
  const row = r.rows[0];
  if (!row) throw new Error(`no metrics for ${creator}`);
  const { p_gender, p_age, p_area, ...m } = row;
  return {
    ...m,
    gender_portrait: m.gender_portrait ?? p_gender ?? '',
    age_portrait: m.age_portrait ?? p_age ?? '',
    area_portrait: m.area_portrait ?? p_area ?? '',
  };
}

async function list(kind: string, period: string, tid: number, onDay = D) {
  const r = await sql<{
    rank: number;
    creator_id: string | null;
    mcn_id: number | null;
    value: string;
    delta: string | null;
    fans: string;
    creator_count: number | null;
    period_start: string;
  }>`
    SELECT rank, creator_id, mcn_id, value, delta, fans, creator_count, period_start FROM rankings
    WHERE kind = ${kind} AND period = ${period} AND day = ${onDay}::date AND partition_tid = ${tid}
    ORDER BY rank`.execute(db);
  return r.rows.map((x) => ({
    rank: x.rank,
    who: x.creator_id === null ? Number(x.mcn_id) : Number(x.creator_id),
    value: Number(x.value),
    delta: x.delta === null ? null : Number(x.delta),
    fans: Number(x.fans),
    count: x.creator_count,
    start: x.period_start,
  }));
}

/** An independent largest-remainder rounding to one decimal (the expectation side of portrait_json). */
function largestRemainder(weights: number[]): number[] {
  const total = weights.reduce((a, b) => a + b, 0);
  const units = weights.map((w) => (w * 1000) / total);
  const floors = units.map(Math.floor);
  const missing = 1000 - floors.reduce((a, b) => a + b, 0);
  const order = units.map((u, i) => [u - Math.floor(u), i] as const).sort((x, y) => y[0] - x[0] || x[1] - y[1]);
  for (let k = 0; k < missing; k++) {
    const i = order[k]?.[1];
    if (i !== undefined) floors[i] = (floors[i] ?? 0) + 1;
  }
  return floors.map((f) => f / 10);
}

/** The area portrait of a pooled partition: (observed + 100 × prior share) / (observed total + 100). */
async function expectedArea(observed: Record<string, number>): Promise<(string | number)[][]> {
  const priors = await sql<{ region: string; weight: string }>`SELECT region, weight FROM region_priors`.execute(db);
  const total = priors.rows.reduce((s, r) => s + Number(r.weight), 0);
  const n = Object.values(observed).reduce((a, b) => a + b, 0);
  const w = new Map<string, number>();
  for (const r of priors.rows) w.set(r.region, (100 * Number(r.weight)) / total);
  for (const [region, count] of Object.entries(observed)) w.set(region, (w.get(region) ?? 0) + count);
  const ranked = [...w.entries()]
    .map(([region, x]) => [region, x / (n + 100)] as const)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  const top = ranked.slice(0, 10);
  const rest = ranked.slice(10).reduce((s, r) => s + r[1], 0);
  const labels = [...top.map((r) => r[0]), '其他'];
  const shares = largestRemainder([...top.map((r) => r[1]), rest]);
  return labels.map((l, i) => [l, shares[i] ?? 0]);
}

const pct = (json: string) => (JSON.parse(json) as Record<string, string | number>[]).map((e) => Object.values(e));
const sum = (json: string) =>
  Math.round((JSON.parse(json) as { 比例: number }[]).reduce((s, e) => s + e.比例, 0) * 10) / 10;

describe('daily increments', () => {
  it('creator_increments: an increment only between consecutive days (a gap is a gap)', async () => {
    const r = await sql<{ day: string; prev_day: string | null; fans_inc: string | null }>`
      SELECT day, prev_day, fans_inc FROM creator_increments(${day(-2)}::date, ${D}::date)
      WHERE creator_id = ${id.E} ORDER BY day`.execute(db);
    expect(r.rows).toEqual([
      { day: day(-1), prev_day: day(-3), fans_inc: null },
      { day: D, prev_day: day(-1), fans_inc: '-100' },
    ]);
  });

  it('the view gives the same increments, the first snapshot and the day after a gap none', async () => {
    const r = await sql<{ day: string; fans_inc: string | null }>`
      SELECT day, fans_inc FROM creator_daily_inc WHERE creator_id = ${id.A} ORDER BY day LIMIT 3`.execute(db);
    expect(r.rows).toEqual([
      { day: day(-35), fans_inc: null },
      { day: day(-8), fans_inc: null },
      { day: day(-7), fans_inc: '100' },
    ]);
    const a = await sql<{ fans_inc: string }>`
      SELECT fans_inc FROM creator_increments(${D}::date, ${D}::date) WHERE creator_id = ${id.A}`.execute(db);
    expect(a.rows).toEqual([{ fans_inc: '5000' }]);
  });
});

describe('runNightlyRollups(D)', () => {
  beforeAll(async () => {
    await runNightlyRollups(db, D);
  });

  it('fan changes over 1, 7 and 30 days need a snapshot at both ends (none stands in when the creator is younger)', async () => {
    const changes = async (c: number) => {
      const m = await metrics(c);
      return [m.fans, m.fans_change_1, m.fans_change_7, m.fans_change_30].map((x) => (x === null ? null : Number(x)));
    };
    // A has day −35 and −8 … 0: nothing within the 30-day window's start tolerance (−30 … −27)
    expect(await changes(id.A)).toEqual([205_700, 5_000, 5_600, null]);
    expect(await changes(id.B)).toEqual([98_400, -3_000, -1_800, null]);
    expect(await changes(id.C)).toEqual([1_009_500, 2_500, 8_500, null]);
    expect(await changes(id.D)).toEqual([5_870, 800, 860, null]);
    expect(await changes(id.E)).toEqual([48_900, -100, -1_200, null]);
  });

  it('a spike and a drop make events; the cause is the most-played video of the week before', async () => {
    const r =
      await sql`SELECT creator_id, day, kind, delta, baseline, fans, cause_video_id FROM fan_events ORDER BY creator_id`.execute(
        db,
      );
    expect(r.rows).toEqual([
      {
        creator_id: String(id.A),
        day: D,
        kind: 'rise',
        delta: '5000',
        baseline: '100.0',
        fans: '205700',
        cause_video_id: String(vid.a2),
      },
      {
        creator_id: String(id.B),
        day: D,
        kind: 'drop',
        delta: '-3000',
        baseline: '200.0',
        fans: '98400',
        cause_video_id: null,
      },
    ]);
  });

  it('weekly figures: 7-day sample, else 30 days, else the latest 10 of 90 days, else zeros', async () => {
    const a = await metrics(id.A);
    expect(a.sample_window).toBe(7);
    expect(a.week_video_num).toBe(2);
    expect(
      [
        a.week_avg_play,
        a.avg_praise,
        a.week_avg_collect,
        a.week_avg_share,
        a.week_avg_comment,
        a.week_cast_currency,
      ].map(Number),
    ).toEqual([65_000, 5_000, 2_500, 600, 400, 1_500]);
    expect(a.videos_30d).toBe(3);
    expect(a.charging_num).toBe(0);

    const b = await metrics(id.B);
    expect([b.sample_window, b.week_video_num, Number(b.week_avg_play), Number(b.avg_praise)]).toEqual([
      30, 0, 10_000, 500,
    ]);
    const c = await metrics(id.C);
    expect([c.sample_window, c.week_video_num, Number(c.week_avg_play), Number(c.avg_praise)]).toEqual([
      90, 0, 40_000, 2_500,
    ]);
    const d = await metrics(id.D);
    expect([d.sample_window, d.week_video_num, Number(d.week_avg_play), Number(d.week_cast_currency)]).toEqual([
      0, 0, 0, 0,
    ]);
  });

  it('云指数 follows the documented composite', async () => {
    const a = await metrics(id.A);
    const clamp = (x: number) => Math.min(1, Math.max(0, x));
    const f = clamp((Math.log10(205_700 + 1) - 2) / 6);
    const g = clamp(Math.log10(55_700 + 1) / 6);
    const p = clamp((Math.log10(210_000 + 1) - 2) / 5);
    const e = clamp(61_000 / 630_000 / 0.2);
    const expected = Math.round(100 * (0.4 * f + 0.25 * g + 0.2 * p + 0.15 * e) * 100) / 100;
    expect(Number(a.index_num)).toBe(expected);
    expect(expected).toBe(62.41);
    const row = await db
      .selectFrom('creators')
      .select('index_num')
      .where('id', '=', String(id.A))
      .executeTakeFirstOrThrow();
    expect(Number(row.index_num)).toBe(expected);
    expect(Number(a.recent_avg_play)).toBe(210_000);
    expect(a.engagement_rate).toBeCloseTo(61_000 / 630_000, 12);
  });

  it('prices: fans × ¥0.15 (rate card) × m (interaction × partition × plays per fan, within 2/3…4/3), 2 significant digits', async () => {
    const prices = async (c: number) => {
      const m = await metrics(c);
      return [m.video_price, m.implantation_price, m.special_price, m.normal_price, m.business_value].map(Number);
    };
    // A: 205,700 fans, 210,000 plays; k_eng = 0.5 + 5 × 0.0968… = 0.984; k_play = sqrt(10.2) → 1.3; m = 1.279;
    //    raw = 205,700 × 0.15 × 1.279 = 39,475; 3 videos in 30 days → × 0.875
    expect(await prices(id.A)).toEqual([39_000, 24_000, 16_000, 7_900, 34_125]);
    // B: 98,400 fans, 10,000 plays; k_eng 0.95; k_play = sqrt(10,000 / 9,840) = 1.008; m = 0.958; raw = 14,135;
    //    1 video in 30 days → × 0.625
    expect(await prices(id.B)).toEqual([14_000, 8_500, 5_700, 2_800, 8_750]);
    // C: 1,009,500 fans (taper (10⁶ / fans)^0.4 = 0.996), 40,000 plays → k_play 0.7; m = 0.8125 × 0.7 → 2/3;
    //    raw = 100,569; inactive → × 0.5
    expect(await prices(id.C)).toEqual([100_000, 60_000, 40_000, 20_000, 50_000]);
    // D: no visible videos: 5 % of 5,870 fans stand in → k_play 0.707; m = 0.6 × 1.3 (科技) × 0.707 → 2/3; raw = 587
    expect(await prices(id.D)).toEqual([590, 350, 230, 120, 295]);
    // E: 48,900 fans, 3,000 plays → k_play 0.783; m = 1.0 × 1.1 (美食) × 0.783 = 0.862; raw = 6,321
    expect(await prices(id.E)).toEqual([6_300, 3_800, 2_500, 1_300, 3_938]);
  });

  it('keeps the quote per fan in the cited rate card (¥0.10–0.20 a fan up to 1M fans; falling above)', async () => {
    const r = await sql<{ fans: string; play: number; rate: number; factor: number; price: string }>`
      SELECT f AS fans, p AS play, r AS rate, k AS factor, price_round(commercial_raw_price(f, p, r, k)) AS price
      FROM (VALUES (143000::bigint, 8750::float8, 0.04::float8, 1.0::float8), (143000, 60000, 0.3, 1.4),
                   (200000, 20000, 0.1, 1.0), (2000, 150000, 0.12, 1.0), (1000000, 5000, 0.05, 0.8),
                   (500000, 1250, 0.2, 1.4)) v(f, p, r, k)`.execute(db);
    for (const x of r.rows) {
      const perFan = Number(x.price) / Number(x.fans);
      // price_round moves the price by at most 5 % (two significant digits)
      expect(perFan, JSON.stringify(x)).toBeGreaterThanOrEqual(0.1 * 0.95);
      expect(perFan, JSON.stringify(x)).toBeLessThanOrEqual(0.2 * 1.05);
    }
    // the 14.3万-fan creator quoted ¥350 before (issue #23 item 18): now ¥1.4万–¥2.9万
    expect(Number(r.rows[0]?.price)).toBeGreaterThanOrEqual(14_000);
    // 20万 fans, typical reach: the middle of "最高可达4万"
    expect(Number(r.rows[2]?.price)).toBe(30_000);
    // the largest: 老番茄's ¥89万 at about 1,500万 fans (2020 Q3 rate card) — the estimate within its range
    const big = await sql<{ price: string }>`
      SELECT price_round(commercial_raw_price(15000000, 1500000, 0.1, 1.0)) AS price`.execute(db);
    const price = Number(big.rows[0]?.price);
    expect(price * (2 / 3)).toBeLessThanOrEqual(890_000);
    expect(price * (4 / 3)).toBeGreaterThanOrEqual(890_000);
  });

  it('fans, increase and decrease lists per partition', async () => {
    const who = (rows: { who: number }[]) => rows.map((r) => r.who);
    expect(who(await list('fans', 'day', 0))).toEqual([id.C, id.A, id.B, id.E, id.D]);
    expect(who(await list('fans', 'day', 4))).toEqual([id.C, id.A, id.B]);
    expect(who(await list('fans', 'day', 17))).toEqual([id.A]);
    expect(who(await list('fans', 'day', 188))).toEqual([id.D]);
    expect(who(await list('fans', 'day', 95))).toEqual([id.D]);
    expect(await list('fans', 'day', 99)).toEqual([]);

    // 较上期: this period's gain against the previous period's (A gained 100 the day before, C 1,000, D 10)
    expect(await list('increase', 'day', 0)).toEqual([
      { rank: 1, who: id.A, value: 5_000, delta: 4_900, fans: 205_700, count: null, start: D },
      { rank: 2, who: id.C, value: 2_500, delta: 1_500, fans: 1_009_500, count: null, start: D },
      { rank: 3, who: id.D, value: 800, delta: 790, fans: 5_870, count: null, start: D },
    ]);
    expect((await list('increase', 'week', 0)).map((r) => [r.who, r.value, r.start])).toEqual([
      [id.C, 8_500, day(-6)],
      [id.A, 5_600, day(-6)],
      [id.D, 860, day(-6)],
    ]);
    // nobody has a snapshot near the start of the 30 days (−30 … −27): no month list (no first-snapshot stand-in)
    expect(await list('increase', 'month', 0)).toEqual([]);
    // B lost 3,000 after gaining 200 the day before (a loss of −200): +3,200; E has no day −2: nothing to compare
    expect((await list('decrease', 'day', 0)).map((r) => [r.who, r.value, r.delta])).toEqual([
      [id.B, 3_000, 3_200],
      [id.E, 100, null],
    ]);
    expect((await list('decrease', 'week', 211)).map((r) => [r.who, r.value])).toEqual([[id.E, 1_200]]);
    expect((await list('fans', 'week', 0))[0]).toMatchObject({ who: id.C, value: 1_009_500, delta: 8_500 });
  });

  it('business list by business value', async () => {
    expect((await list('business', 'day', 0)).map((r) => [r.who, r.value])).toEqual([
      [id.C, 50_000],
      [id.A, 34_125],
      [id.B, 8_750],
      [id.E, 3_938],
      [id.D, 295],
    ]);
  });

  it('company lists and mcn_daily aggregate the MCNs', async () => {
    expect(await list('company', 'day', 0)).toEqual([
      { rank: 1, who: mcn.M1, value: 1_215_200, delta: 7_500, fans: 1_215_200, count: 2, start: D },
      { rank: 2, who: mcn.M2, value: 54_770, delta: 700, fans: 54_770, count: 2, start: D },
    ]);
    expect((await list('company', 'week', 0)).map((r) => [r.who, r.delta])).toEqual([
      [mcn.M1, 14_100],
      [mcn.M2, -340],
    ]);
    expect((await list('company', 'day', 17)).map((r) => [r.who, r.value, r.count])).toEqual([[mcn.M1, 205_700, 1]]);
    expect((await list('company', 'day', 4)).map((r) => [r.who, r.value, r.count])).toEqual([[mcn.M1, 1_215_200, 2]]);
    expect(await list('company', 'day', 172)).toEqual([]);
    const r =
      await sql`SELECT mcn_id, creator_count, fans_sum, fans_gain FROM mcn_daily WHERE day = ${D}::date ORDER BY mcn_id`.execute(
        db,
      );
    expect(r.rows).toEqual([
      { mcn_id: mcn.M1, creator_count: 2, fans_sum: '1215200', fans_gain: '7500' },
      { mcn_id: mcn.M2, creator_count: 2, fans_sum: '54770', fans_gain: '700' },
    ]);
  });

  it('top N per list: the wider lists are ranked over the child lists’ top N', async () => {
    await rollupDay(db, D, { listSize: 2 });
    const who = (rows: { who: number }[]) => rows.map((r) => r.who);
    expect(who(await list('fans', 'day', 0))).toEqual([id.C, id.A]);
    expect(who(await list('fans', 'day', 4))).toEqual([id.C, id.A]);
    expect(who(await list('business', 'month', 0))).toEqual([id.C, id.A]);
    expect(who(await list('increase', 'day', 0))).toEqual([id.A, id.C]);
    await runNightlyRollups(db, D);
    expect(who(await list('fans', 'day', 0))).toHaveLength(5);
  });

  it('running the day again gives the same rows', async () => {
    const before = await dump();
    await runNightlyRollups(db, D);
    expect(await dump()).toBe(before);
  });

  it('creator_metrics is replaced by a fresh table with the same keys, indexes and checks (no foreign key)', async () => {
    const shape = async () =>
      (
        await sql<{ what: string }>`
          SELECT 'index ' || indexname || ': ' || regexp_replace(indexdef, '^.* USING ', '') AS what
          FROM pg_indexes WHERE tablename = 'creator_metrics'
          UNION ALL
          SELECT 'constraint ' || conname || ': ' || pg_get_constraintdef(oid) FROM pg_constraint
          WHERE conrelid = 'creator_metrics'::regclass
          UNION ALL
          SELECT 'column ' || attnum || ' ' || attname || ' ' || format_type(atttypid, atttypmod) || ' '
                 || attnotnull || ' ' || coalesce(pg_get_expr(d.adbin, d.adrelid), '')
          FROM pg_attribute a LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
          WHERE a.attrelid = 'creator_metrics'::regclass AND a.attnum > 0 AND NOT a.attisdropped
          ORDER BY 1`.execute(db)
      ).rows.map((r) => r.what);
    const before = await shape();
    const oid = async () =>
      (await sql<{ oid: number }>`SELECT 'creator_metrics'::regclass::oid AS oid`.execute(db)).rows[0]?.oid;
    const old = await oid();
    await runNightlyRollups(db, D);
    expect(await oid()).not.toBe(old);
    expect(await shape()).toEqual(before);
    expect(before.filter((w) => w.startsWith('index '))).toHaveLength(5);
    // no foreign key to creators (migration 0033): dropping one in the swap locked creators ACCESS EXCLUSIVE
    expect(before.filter((w) => w.includes('FOREIGN KEY'))).toEqual([]);
    const left = await sql<{
      n: string;
    }>`SELECT count(*) AS n FROM pg_class WHERE relname LIKE 'creator\_metrics\_next%'`.execute(db);
    expect(left.rows[0]?.n).toBe('0');
  });

  it('list rows read by a prepared statement stay readable on the same connections after the swap', async () => {
    // readKolItems prepares its statement on each pooled connection (creators/prepared.ts); the swap drops the table
    // that statement joins, so PostgreSQL must re-plan it against the new creator_metrics.
    const ids = (
      await sql<{ id: string }>`SELECT creator_id AS id FROM creator_metrics ORDER BY 1 LIMIT 5`.execute(db)
    ).rows.map((r) => r.id);
    const read = () => Promise.all([1, 2, 3].map(() => readKolItems(db, ids, t.ctx.pool)));
    const before = await read();
    await runNightlyRollups(db, D);
    const after = await read();
    expect(after).toEqual(before);
    expect(after[0]?.map((k) => String(k.kolId))).toEqual(ids);
  });

  it('takes its locks before writing: a snapshot write holding creators neither deadlocks nor fails', async () => {
    const plays = async () =>
      (await sql<{ plays: string }>`SELECT plays FROM creators WHERE id = ${id.A}`.execute(db)).rows[0]?.plays;
    const before = await sql<{ plays: string; platform_totals: boolean }>`
      SELECT plays, platform_totals FROM creators WHERE id = ${id.A}`.execute(db);
    const right = (
      await sql<{ s: string }>`
        SELECT coalesce(sum(play), 0)::text AS s FROM videos WHERE creator_id = ${id.A} AND status = 0`.execute(db)
    ).rows[0]?.s;
    // A's totals are its stored videos' and stale: the rollup rewrites A's row (refreshCreatorState)
    await sql`UPDATE creators SET plays = ${Number(right) + 7}, platform_totals = false WHERE id = ${id.A}`.execute(db);
    let holding!: () => void;
    let goOn!: () => void;
    const held = new Promise<void>((resolve) => (holding = resolve));
    const gate = new Promise<void>((resolve) => (goOn = resolve));
    // a collector-like transaction: creators ROW EXCLUSIVE (B's row), then A's row
    const writer = db.transaction().execute(async (trx) => {
      await sql`UPDATE creators SET name = name WHERE id = ${id.B}`.execute(trx);
      holding();
      await gate;
      await sql`UPDATE creators SET name = name WHERE id = ${id.A}`.execute(trx);
    });
    await held;
    const rollup = runNightlyRollups(db, D);
    // taking its locks step by step, the rollup would by now have updated A and be waiting for the writer's
    // table lock (the foreign key of creator_metrics_next); the writer's update of A would then be a deadlock
    await new Promise((resolve) => setTimeout(resolve, 800));
    goOn();
    await expect(writer).resolves.toBeUndefined();
    await rollup;
    expect(await plays()).toBe(right);
    await sql`UPDATE creators SET plays = ${before.rows[0]?.plays ?? 0}, platform_totals = ${before.rows[0]?.platform_totals ?? false}
      WHERE id = ${id.A}`.execute(db);
  });

  it('a collector transaction that read creators and then waits to write them does not deadlock the swap', async () => {
    // issue #23 item 11: the swap's DROP TABLE creator_metrics took ACCESS EXCLUSIVE on creators (the foreign key's
    // triggers) while a writer holding ACCESS SHARE on creators waited behind the rollup's SHARE ROW EXCLUSIVE
    let holding!: () => void;
    const held = new Promise<void>((resolve) => (holding = resolve));
    let rollupLocked!: () => void;
    const locked = new Promise<void>((resolve) => (rollupLocked = resolve));
    const writer = db.transaction().execute(async (trx) => {
      await sql`SELECT name FROM creators WHERE id = ${id.B}`.execute(trx);
      holding();
      await locked;
      await sql`UPDATE creators SET name = name WHERE id = ${id.B}`.execute(trx);
    });
    await held;
    const rollup = runNightlyRollups(db, D);
    // the rollup holds its table locks: the writer's UPDATE now queues behind them, holding its ACCESS SHARE
    await expect
      .poll(
        async () =>
          (
            await sql<{ n: string }>`
              SELECT count(*) AS n FROM pg_locks
              WHERE relation = 'creators'::regclass AND mode = 'ShareRowExclusiveLock' AND granted`.execute(db)
          ).rows[0]?.n,
        { timeout: 20_000, interval: 20 },
      )
      .toBe('1');
    rollupLocked();
    await rollup;
    await expect(writer).resolves.toBeUndefined();
  });

  it('deleting a creator deletes its metrics row (the trigger of migration 0033)', async () => {
    const extra = await insertCreator('Z', 17, null, 1_000);
    // a copy of A's row for the new creator
    await db.transaction().execute(async (trx) => {
      await sql`CREATE TEMP TABLE copy ON COMMIT DROP AS SELECT * FROM creator_metrics WHERE creator_id = ${id.A}`.execute(
        trx,
      );
      await sql`UPDATE copy SET creator_id = ${extra}`.execute(trx);
      await sql`INSERT INTO creator_metrics SELECT * FROM copy`.execute(trx);
    });
    const rows = async () =>
      (await sql<{ n: string }>`SELECT count(*) AS n FROM creator_metrics WHERE creator_id = ${extra}`.execute(db))
        .rows[0]?.n;
    expect(await rows()).toBe('1');
    await sql`DELETE FROM creators WHERE id = ${extra}`.execute(db);
    expect(await rows()).toBe('0');
  });

  it('an older day writes its events and lists but leaves the current figures alone', async () => {
    const before = await metrics(id.A);
    await runNightlyRollups(db, day(-1));
    const after = await metrics(id.A);
    expect(after.day).toBe(D);
    expect(after.fans_change_1).toBe(before.fans_change_1);
    const e =
      await sql`SELECT creator_id, kind, delta, baseline, cause_video_id FROM fan_events WHERE day = ${day(-1)}::date`.execute(
        db,
      );
    // E lost 1,500 across a gap (day −2 is missing): no daily increment, so no event (the gap rules)
    expect(e.rows).toEqual([]);
    expect((await list('fans', 'day', 0, day(-1))).map((r) => r.value)).toEqual([
      1_007_000, 200_700, 101_400, 49_000, 5_070,
    ]);
  });
});

describe('audience portraits', () => {
  it('a creator with ≥ 30 commenters gets its own portrait', async (ctx) => {
    if (!hasComments) ctx.skip('the comments table (migration 0006) does not exist yet');
    await runNightlyRollups(db, D);
    const a = await metrics(id.A);
    expect(a.portrait_source).toBe('creator');
    expect(a.portrait_sample).toBe(40);
    expect([a.stored, a.portrait_tid]).toEqual([true, null]);
    expect(pct(a.gender_portrait)).toEqual([
      ['男', 78.9],
      ['女', 21.1],
    ]);
    expect(pct(a.area_portrait)).toEqual([
      ['广东', 52.6],
      ['北京', 26.3],
      ['上海', 21.1],
    ]);
    // ½ 游戏 prior + ½ mean mix: 30 commenters seen in 游戏 only, 10 in 游戏 and 科技
    // = (17.3125, 41.375, 27.5625, 10.5, 3.25) → largest remainder to one decimal
    expect(pct(a.age_portrait)).toEqual([
      ['17岁以下', 17.3],
      ['18-23岁', 41.4],
      ['24-30岁', 27.6],
      ['31-40岁', 10.5],
      ['41岁以上', 3.2],
    ]);
    expect(Number(a.audience_male_pct)).toBe(78.9);
    expect(a.audience_top_region).toBe('广东');
  });

  it('fewer than 30 commenters: the partition’s pooled portrait (commenters blended with its priors)', async (ctx) => {
    if (!hasComments) ctx.skip('the comments table (migration 0006) does not exist yet');
    const b = await metrics(id.B);
    expect([b.portrait_source, b.portrait_sample]).toEqual(['partition', 10]);
    // (5 + 100 × 0.72) / (10 + 100) = 70 %
    expect(pct(b.gender_portrait)).toEqual([
      ['男', 70.0],
      ['女', 30.0],
    ]);
    const pooled = await sql<{ sample_size: number; gender_portrait: string }>`
      SELECT sample_size, gender_portrait FROM partition_portraits WHERE tid = 172`.execute(db);
    expect(pooled.rows[0]).toEqual({ sample_size: 10, gender_portrait: b.gender_portrait });

    const d = await metrics(id.D);
    expect([d.portrait_source, d.portrait_sample]).toEqual(['partition', 10]);
    // 8 women, 2 unknown: (0 + 80) / (8 + 100) = 74.07 %
    expect(pct(d.gender_portrait)).toEqual([
      ['男', 74.1],
      ['女', 25.9],
    ]);
    // (10 × mix(游戏, 科技) + 100 × 科技) / 110 = (7.5, 32.45, 35.59, 17.64, 6.82)
    expect(pct(d.age_portrait).map((e) => e[1])).toEqual([7.5, 32.5, 35.6, 17.6, 6.8]);
    expect(pct(d.area_portrait)).toEqual(await expectedArea({ 上海: 8 }));
    expect(pct(b.area_portrait)).toEqual(await expectedArea({ 四川: 10 }));
  });

  it('without commenters a creator gets the partition prior exactly; percents sum to 100', async () => {
    const e = await metrics(id.E);
    expect([e.portrait_source, e.portrait_sample]).toEqual(['partition', 0]);
    // the partition's portrait is named, not copied
    expect([e.stored, e.portrait_tid]).toEqual([false, 76]);
    expect(pct(e.gender_portrait)).toEqual([
      ['男', 48.0],
      ['女', 52.0],
    ]);
    expect(pct(e.age_portrait).map((x) => x[1])).toEqual([8, 33, 33, 18, 8]);
    const area = pct(e.area_portrait);
    expect(area).toEqual(await expectedArea({}));
    expect(area).toHaveLength(11);
    expect(area[0]).toEqual(['广东', 11.1]);
    expect(area[10]?.[0]).toBe('其他');
    for (const c of Object.values(id)) {
      const m = await metrics(c);
      for (const json of [m.gender_portrait, m.age_portrait, m.area_portrait]) expect(sum(json)).toBe(100);
    }
  });
});

describe('backfillRollups', () => {
  it('writes the events of the whole range, the lists of each day and the current figures of the last', async () => {
    await sql`TRUNCATE fan_events, rankings, mcn_daily, creator_metrics, partition_portraits`.execute(db);
    const s = await backfillRollups(db, 9, { end: D });
    expect([s.from, s.to]).toEqual([day(-8), D]);
    const e =
      await sql`SELECT creator_id, day, kind, delta, baseline, cause_video_id FROM fan_events ORDER BY day, creator_id`.execute(
        db,
      );
    expect(e.rows).toEqual([
      // A's day −8 follows D − 35 and E's day −1 follows day −3: gaps, no increments, no events (the gap rules)
      {
        creator_id: String(id.A),
        day: D,
        kind: 'rise',
        delta: '5000',
        baseline: '100.0',
        cause_video_id: String(vid.a2),
      },
      { creator_id: String(id.B), day: D, kind: 'drop', delta: '-3000', baseline: '200.0', cause_video_id: null },
    ]);
    const days = await sql<{ period: string; n: string }>`
      SELECT period, count(DISTINCT day) AS n FROM rankings GROUP BY period ORDER BY period`.execute(db);
    expect(days.rows).toEqual([
      { period: 'day', n: '9' },
      { period: 'month', n: '9' },
      { period: 'week', n: '9' },
    ]);
    const mcnDays = await sql<{ n: string }>`SELECT count(DISTINCT day) AS n FROM mcn_daily`.execute(db);
    expect(mcnDays.rows[0]?.n).toBe('9');
    expect((await metrics(id.A)).day).toBe(D);
  });

  it('the set-based lists of the days before the last equal a single-day rollup of each', async () => {
    const rows = async (k: number) =>
      (
        await sql`SELECT * FROM rankings WHERE day = ${day(k)}::date ORDER BY kind, period, partition_tid, rank`.execute(
          db,
        )
      ).rows;
    for (const k of [-8, -4, -2, -1]) {
      const backfilled = await rows(k);
      expect(backfilled.length).toBeGreaterThan(0);
      await runNightlyRollups(db, day(k));
      expect(await rows(k)).toEqual(backfilled);
    }
  });

  it('a single day’s events and mcn_daily (read from the day table) equal the range statements of the backfill', async () => {
    const rows = async (k: number) => ({
      events: (await sql`SELECT * FROM fan_events WHERE day = ${day(k)}::date ORDER BY creator_id`.execute(db)).rows,
      mcn: (await sql`SELECT * FROM mcn_daily WHERE day = ${day(k)}::date ORDER BY mcn_id`.execute(db)).rows,
    });
    await backfillRollups(db, 9, { end: D, rankingDays: 1 });
    for (const k of [-8, -7, -4, -1, 0]) {
      const backfilled = await rows(k);
      await runNightlyRollups(db, day(k));
      expect(await rows(k)).toEqual(backfilled);
    }
    expect((await rows(-8)).events.length + (await rows(0)).events.length).toBeGreaterThan(0);
    expect((await rows(0)).mcn.length).toBeGreaterThan(0);
  });

  it('rejects a malformed day', async () => {
    await expect(runNightlyRollups(db, '2025-02-30')).rejects.toThrow(/YYYY-MM-DD/);
    await expect(runNightlyRollups(db, '31.03.2025')).rejects.toThrow(/YYYY-MM-DD/);
  });
});

describe('SQL helpers', () => {
  it('price_round keeps two significant digits, at least 100', async () => {
    const r = await sql<{ a: string; b: string; c: string; d: string; e: string }>`
      SELECT price_round(923) AS a, price_round(68432) AS b, price_round(1234567) AS c, price_round(42) AS d,
             price_round(99.96) AS e`.execute(db);
    expect(r.rows[0]).toEqual({ a: '920', b: '68000', c: '1200000', d: '100', e: '100' });
  });

  it('portrait_json rounds by largest remainder to exactly 100.0', async () => {
    const r = await sql<{ j: string }>`
      SELECT portrait_json('性别', ARRAY['男', '女', '其他'], ARRAY[1, 1, 1]::float8[]) AS j`.execute(db);
    expect(JSON.parse(r.rows[0]?.j ?? '')).toEqual([
      { 性别: '男', 比例: 33.4 },
      { 性别: '女', 比例: 33.3 },
      { 性别: '其他', 比例: 33.3 },
    ]);
    const empty = await sql<{ j: string }>`SELECT portrait_json('x', ARRAY['a'], ARRAY[0]::float8[]) AS j`.execute(db);
    expect(empty.rows[0]?.j).toBe('[]');
  });
});
