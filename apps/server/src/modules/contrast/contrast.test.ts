import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiCode,
  CONTRAST_MAX,
  ContrastFlag,
  ContrastMsg,
  MemberMsg,
  QUOTA_DEFAULTS,
  contrastAdviserMessage,
  type ContrastKolData,
  type ContrastRecordListAnswer,
  type KolContrastAnswer,
  type KolContrastResultAnswer,
} from '@xg/shared';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { membershipServices } from '../membership/membership.services.js';
import { createMember, toleratePoolShutdown, type TestMember } from '../membership/test-members.js';
import { contrastServiceOf } from './contrast.routes.js';
import { wilson } from './contrast.figures.js';
import { rollupDay } from '../metrics/index.js';
import type { VideoCounts } from '../../db/schema.js';

/**
 * Comparison reports through the whole app (buildApp().inject()) on real PostgreSQL: the §4 flags per tier and
 * quota, the atomic spend (50 at once with 1 left), the refund of a report that fails to build, the 2–5 rule,
 * the intention (one per report, also under concurrent calls), owner isolation, the snapshot, and one report whose
 * figures are computed by hand from seeded rows (docs/metrics.md "Comparison report").
 */
let t: TestApp;
/** some creators of the demo world */
const world: number[] = [];

/** The data date of the hand-computed fixture: far from the demo world's days, so nothing else falls in it. */
const D = '2031-03-10';
const fx = { x: 0, y: 0, z: 0, xMid: 0 };

beforeAll(async () => {
  t = await createTestApp();
  toleratePoolShutdown(t.ctx);
  const r = await sql<{ id: string }>`SELECT id FROM creators ORDER BY fans DESC LIMIT 6`.execute(t.ctx.db);
  world.push(...r.rows.map((x) => Number(x.id)));
  await seedFixture();
});
afterAll(async () => {
  await t.close();
});

const call = (m: TestMember, method: 'GET' | 'POST', path: string, params: Record<string, string | number> = {}) =>
  t.call(method, path, params, { token: m.token });
const generate = async (m: TestMember, kolIds: string) =>
  (await call(m, 'POST', '/api/user/kolContrast', { kolIds })).body as unknown as KolContrastAnswer;
const result = async (m: TestMember, contrastId: number) =>
  (await call(m, 'GET', '/api/user/kolContrastResult', { contrastId })).body as unknown as KolContrastResultAnswer;
const records = async (m: TestMember, params: Record<string, number> = {}) =>
  (await call(m, 'GET', '/api/user/contrastRecordList', params)).body as unknown as ContrastRecordListAnswer;
const used = async (m: TestMember) => (await membershipServices(t.ctx).quotas.status(m.id, 'contrast')).useCount;
const reportRows = async (teamId: string) =>
  Number(
    (await sql<{ n: string }>`SELECT count(*) AS n FROM contrast_reports WHERE team_id = ${teamId}`.execute(t.ctx.db))
      .rows[0]?.n,
  );
const ids = (...list: number[]) => list.join(',');
const two = () => ids(world[0] ?? 0, world[1] ?? 0);

// ---------------------------------------------------------------------------------------------------------
// The hand-computed fixture: three creators with their own days, videos, comments (and library prices below)

const shanghai = (day: string, time = '12:00:00') => `${day}T${time}+08:00`;
const dayPlus = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
let seq = 0;

async function creator(name: string, mid: number, tid: number | null): Promise<number> {
  const r = await sql<{ id: string }>`
    INSERT INTO creators (mid, name, face, partition_tid, fans, index_num, official_type)
    VALUES (${mid}, ${name}, ${`https://i0.hdslb.com/${mid}.jpg`}, ${tid}, 1, 12.5, 1) RETURNING id`.execute(t.ctx.db);
  return Number(r.rows[0]?.id);
}
async function daily(creatorId: number, day: string, fans: number): Promise<void> {
  await sql`INSERT INTO creator_daily (creator_id, day, fans, likes, plays, video_count)
            VALUES (${creatorId}, ${day}, ${fans}, 0, 0, 0)`.execute(t.ctx.db);
}
async function video(
  creatorId: number,
  pubdate: string,
  s: Pick<VideoCounts, 'play'> & Partial<Omit<VideoCounts, 'danmaku'>> & { status?: number },
): Promise<number> {
  seq += 1;
  const aid = 9_100_000_000 + seq;
  const r = await sql<{ id: string }>`
    INSERT INTO videos (aid, bvid, creator_id, title, pubdate, status, play, likes, coin, favorite, share, reply)
    VALUES (${aid}, ${`BVcontrast${seq}`}, ${creatorId}, ${`对比测试视频${seq}`}, ${pubdate}, ${s.status ?? 0}, ${s.play},
            ${s.likes ?? 0}, ${s.coin ?? 0}, ${s.favorite ?? 0}, ${s.share ?? 0}, ${s.reply ?? 0})
    RETURNING id`.execute(t.ctx.db);
  return Number(r.rows[0]?.id);
}
async function comments(videoId: number, mids: number[], ctime: string): Promise<void> {
  for (const mid of mids) {
    seq += 1;
    await sql`INSERT INTO comments (video_id, rpid, mid, uname, message, ctime)
              VALUES (${videoId}, ${9_200_000_000 + seq}, ${mid}, ${`用户${mid}`}, '好', ${ctime})`.execute(t.ctx.db);
  }
}
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

async function seedFixture(): Promise<void> {
  const tid =
    (
      await sql<{ tid: number }>`SELECT tid FROM partitions WHERE parent_id IS NOT NULL ORDER BY tid LIMIT 1`.execute(
        t.ctx.db,
      )
    ).rows[0]?.tid ?? null;
  fx.xMid = 880_000_001;
  fx.x = await creator('对比甲', fx.xMid, tid);
  fx.y = await creator('对比乙', 880_000_002, tid);
  fx.z = await creator('对比丙', 880_000_003, null);
  // X: 50,000 fans on D, 40,000 on D − 30 → +10,000
  await daily(fx.x, dayPlus(D, -30), 40_000);
  await daily(fx.x, dayPlus(D, -1), 49_000);
  await daily(fx.x, D, 50_000);
  // Y: no D − 30; D − 29 stands in (tolerance 3 days) → +1,000
  await daily(fx.y, dayPlus(D, -29), 79_000);
  await daily(fx.y, D, 80_000);
  // Z: latest D − 1, nothing in D − 31 … D − 28 → no 30-day change
  await daily(fx.z, dayPlus(D, -40), 9_000);
  await daily(fx.z, dayPlus(D, -1), 10_000);

  // X's week (from D − 6 00:00 to D 24:00 Shanghai): two visible videos; a deleted one and older ones do not count
  const x1 = await video(fx.x, shanghai(dayPlus(D, -6), '00:00:00'), {
    play: 1000,
    likes: 100,
    coin: 20,
    favorite: 30,
    share: 10,
    reply: 40,
  });
  await video(fx.x, shanghai(D, '23:59:59'), { play: 3000, likes: 200, coin: 40, favorite: 50, share: 20, reply: 60 });
  await video(fx.x, shanghai(dayPlus(D, -2)), { play: 99_999, likes: 99_999, status: -1 });
  await video(fx.x, shanghai(dayPlus(D, -7), '23:59:59'), { play: 9000, likes: 9 });
  await video(fx.x, shanghai(dayPlus(D, 1), '00:00:00'), { play: 7777 }); // after the data date
  // Y: no video in the week; two in the 30 days (mean 4,000 plays)
  const y1 = await video(fx.y, shanghai(dayPlus(D, -20)), { play: 6000, likes: 10 });
  await video(fx.y, shanghai(dayPlus(D, -15)), { play: 2000, likes: 10 });
  const z1 = await video(fx.z, shanghai(dayPlus(D, -3)), { play: 500, likes: 5 });

  // Comments: X — mids 1…40 and X itself; Y — mids 21…70, 21 twice, and one older than 90 days; Z — 61…70
  const inWindow = shanghai(dayPlus(D, -1));
  await comments(x1, [...range(1, 40), fx.xMid], inWindow);
  await comments(y1, [...range(21, 70), 21], inWindow);
  await comments(y1, [999], shanghai(dayPlus(D, -90), '23:00:00'));
  await comments(z1, range(61, 70), inWindow);
  // a report is made of the rolled-up figures (docs/metrics.md "One number per figure"): the rollup of D makes them
  await rollupDay(t.ctx.db, D);
}

// ---------------------------------------------------------------------------------------------------------

describe('POST /api/user/kolContrast — the §4 flags per tier and quota', () => {
  it('free tier: flag 1 with the §8 text, nothing spent, nothing stored', async () => {
    const m = await createMember(t.ctx, { userType: 0 });
    expect(await generate(m, two())).toMatchObject({
      code: ApiCode.OK,
      id: null,
      flag: ContrastFlag.NO_PERMISSION,
      tip: MemberMsg.contrastNoPermission,
    });
    expect(await reportRows(m.id)).toBe(0);
    expect(await used(m)).toBe(0);
  });

  it('every paying tier: flag 0 with a report id, one report counted', async () => {
    for (const userType of [1, 2, 3, 4]) {
      const m = await createMember(t.ctx, { userType });
      const a = await generate(m, two());
      expect(a, `userType ${userType}`).toMatchObject({ code: ApiCode.OK, flag: ContrastFlag.ALLOWED, tip: null });
      expect(a.id).toEqual(expect.any(Number));
      expect(await used(m)).toBe(1);
      expect(await reportRows(m.id)).toBe(1);
    }
  });

  it('quota used up below the top tier: flag 2; at the top tier: flag 3 with the adviser phone', async () => {
    const { quotas } = membershipServices(t.ctx);
    for (const userType of [1, 2, 3]) {
      const m = await createMember(t.ctx, { userType });
      expect((await quotas.spendQuota(m.id, 'contrast', QUOTA_DEFAULTS.contrast[userType])).ok).toBe(true);
      expect(await generate(m, two()), `userType ${userType}`).toMatchObject({
        id: null,
        flag: ContrastFlag.UPGRADE,
        tip: MemberMsg.contrastUpgrade,
      });
      expect(await reportRows(m.id)).toBe(0);
    }
    const top = await createMember(t.ctx, { userType: 4 });
    await quotas.spendQuota(top.id, 'contrast', QUOTA_DEFAULTS.contrast[4]);
    expect(await generate(top, two())).toMatchObject({
      id: null,
      flag: ContrastFlag.ADVISER,
      tip: contrastAdviserMessage(t.ctx.config.site.companyPhone),
    });
    expect(await used(top)).toBe(QUOTA_DEFAULTS.contrast[4]);
  });

  it('50 generations at once with 1 report left: exactly one report, the count at the total', async () => {
    const m = await createMember(t.ctx, { userType: 2 });
    const total = QUOTA_DEFAULTS.contrast[2];
    await membershipServices(t.ctx).quotas.spendQuota(m.id, 'contrast', total - 1);
    const answers = await Promise.all(Array.from({ length: 50 }, () => generate(m, two())));
    const made = answers.filter((a) => a.flag === ContrastFlag.ALLOWED);
    expect(made).toHaveLength(1);
    expect(made[0]?.id).toEqual(expect.any(Number));
    expect(answers.filter((a) => a.flag === ContrastFlag.UPGRADE)).toHaveLength(49);
    expect(answers.every((a) => a.code === ApiCode.OK)).toBe(true);
    expect(await reportRows(m.id)).toBe(1);
    expect(await used(m)).toBe(total);
    const count = await call(m, 'GET', '/api/user/getContrastCount');
    expect(count.body).toMatchObject({ remainCount: 0, useCount: total });
  });

  it('a report that fails to build is not charged (failure injected in the database)', async () => {
    const m = await createMember(t.ctx, { userType: 3 });
    await generate(m, two());
    expect(await used(m)).toBe(1);
    await sql
      .raw(
        `
      CREATE FUNCTION contrast_test_fail() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.team_id = ${Number(m.id)} THEN RAISE EXCEPTION 'injected failure'; END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER contrast_test_fail BEFORE INSERT ON contrast_reports
        FOR EACH ROW EXECUTE FUNCTION contrast_test_fail();`,
      )
      .execute(t.ctx.db);
    try {
      const res = await call(m, 'POST', '/api/user/kolContrast', { kolIds: two() });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ code: ApiCode.FAIL, message: ContrastMsg.buildFailed });
      expect(JSON.stringify(res.body)).not.toContain('injected');
      expect(await used(m)).toBe(1);
      expect(await reportRows(m.id)).toBe(1);
    } finally {
      await sql
        .raw(`DROP TRIGGER contrast_test_fail ON contrast_reports; DROP FUNCTION contrast_test_fail();`)
        .execute(t.ctx.db);
    }
    expect((await generate(m, two())).flag).toBe(ContrastFlag.ALLOWED);
    expect(await used(m)).toBe(2);
  });

  it('2–5 distinct existing creators; every refusal changes nothing', async () => {
    const m = await createMember(t.ctx, { userType: 4 });
    const cases: [Record<string, string>, string][] = [
      [{ kolIds: String(world[0]) }, ContrastMsg.tooFew],
      [{ kolIds: '' }, ContrastMsg.tooFew],
      [{ kolIds: ids(...world.slice(0, CONTRAST_MAX + 1)) }, ContrastMsg.tooMany],
      [{ kolIds: ids(world[0] ?? 0, world[0] ?? 0) }, ContrastMsg.duplicate],
      [{ kolIds: 'a,b' }, ContrastMsg.kolIdsInvalid],
      [{ kolIds: `${world[0]},-3` }, ContrastMsg.kolIdsInvalid],
      [{ kolIds: `${world[0]},1.5` }, ContrastMsg.kolIdsInvalid],
      [{ kolIds: `${world[0]},99999999999999999999` }, ContrastMsg.kolIdsInvalid],
      [{ kolIds: `${world[0]},987654321098` }, ContrastMsg.kolMissing],
      [{}, ContrastMsg.kolIdsInvalid],
    ];
    for (const [params, message] of cases) {
      const res = await call(m, 'POST', '/api/user/kolContrast', params);
      expect(res.body, JSON.stringify(params)).toMatchObject({ code: ApiCode.FAIL, message });
    }
    expect(await used(m)).toBe(0);
    expect(await reportRows(m.id)).toBe(0);
    const five = await generate(m, ids(...world.slice(0, CONTRAST_MAX)));
    expect(five.flag).toBe(ContrastFlag.ALLOWED);
    expect((await result(m, five.id ?? 0)).userContrastKolDataList.map((k) => k.kolId)).toEqual(
      world.slice(0, CONTRAST_MAX),
    );
  });

  it('refuses anonymous callers (401)', async () => {
    const res = await t.call('POST', '/api/user/kolContrast', { kolIds: two() });
    expect(res.status).toBe(401);
  });
});

describe('the hand-computed report', () => {
  let m: TestMember;
  let report: KolContrastResultAnswer;
  const kol = (id: number): ContrastKolData => {
    const k = report.userContrastKolDataList.find((x) => x.kolId === id);
    if (!k) throw new Error(`kol ${id} missing`);
    return k;
  };

  beforeAll(async () => {
    m = await createMember(t.ctx, { userType: 3 });
    // library implantation prices of the team: X 3,000, Y 2,000 (by UID), Z none
    for (const [mid, price] of [
      [fx.xMid, 3000],
      [880_000_002, 2000],
    ] as const) {
      const res = await call(m, 'POST', '/api/saveEredar', { kolUid: String(mid), implantationPrice: price });
      expect(res.body.code).toBe(ApiCode.OK);
    }
    const a = await generate(m, ids(fx.x, fx.y, fx.z));
    expect(a.flag).toBe(ContrastFlag.ALLOWED);
    report = await result(m, a.id ?? 0);
    expect(report.code).toBe(ApiCode.OK);
  });

  it('data date, order, identity fields', () => {
    expect(report.dataDate).toBe(D);
    expect(report.userContrastKolDataList.map((k) => k.kolId)).toEqual([fx.x, fx.y, fx.z]);
    expect(kol(fx.x)).toMatchObject({ kolName: '对比甲', kolUid: fx.xMid, isApprove: 1 });
    expect(kol(fx.x).twoSortFlag.length).toBe(2);
    expect(kol(fx.z).twoSortFlag).toEqual([]);
    expect(report.canPdf).toBe(1);
  });

  it('week figures: the sample of the week, visible ones only; the 30 days when the week has none (item 9)', () => {
    expect(kol(fx.x)).toMatchObject({
      weekVideoNum: 2,
      weekAvgPlayNum: 2000, // (1000 + 3000) / 2
      avgPraiseNum: 150,
      weekAvgCollectNum: 40,
      weekAvgShareNum: 15,
      weekAvgCommentNum: 50,
      weekCastCurrencyNum: 30,
      engagementRate: 14.25, // (300 + 60 + 80 + 30 + 100) / 4000
      sampleWindow: 7,
    });
    // Y has no video in the week: its two videos of the 30 days, said so (sampleWindow 30), never an empty row
    expect(kol(fx.y)).toMatchObject({
      weekVideoNum: 0,
      weekAvgPlayNum: 4000, // (6000 + 2000) / 2
      avgPraiseNum: 10,
      weekCastCurrencyNum: 0,
      engagementRate: 0.25, // 20 / 8000
      sampleWindow: 30,
    });
  });

  it('the detail shows the same sample and the same figures as the report', async () => {
    for (const id of [fx.x, fx.y]) {
      const res = await call(m, 'GET', '/api/kolCommercial', { kolId: id });
      expect(res.body.priceInfo, String(id)).toMatchObject({
        weekVideoNum: kol(id).weekVideoNum,
        weekAvgPlayNum: kol(id).weekAvgPlayNum,
        avgPraiseNum: kol(id).avgPraiseNum,
        sampleWindow: kol(id).sampleWindow,
      });
    }
  });

  it('fans and the 30-day change by the gap rules', () => {
    expect(kol(fx.x)).toMatchObject({ fansNum: 50_000, fansIncrease30: 10_000, chargingNum: 0 });
    expect(kol(fx.y)).toMatchObject({ fansNum: 80_000, fansIncrease30: 1_000 });
    expect(kol(fx.z)).toMatchObject({ fansNum: 10_000, fansIncrease30: null });
  });

  it('library price and price per 1,000 plays (week, else 30 days)', () => {
    expect(kol(fx.x)).toMatchObject({ libraryPrice: 3000, pricePerThousandPlays: 1500, pricePlaysDays: 7 });
    expect(kol(fx.y)).toMatchObject({ libraryPrice: 2000, pricePerThousandPlays: 500, pricePlaysDays: 30 });
    expect(kol(fx.z)).toMatchObject({ libraryPrice: null, pricePerThousandPlays: null });
  });

  it('the quote estimate is creator_metrics.video_price, the one the list, detail and export show (issue #23 item 18)', async () => {
    for (const id of [fx.x, fx.y, fx.z]) {
      const m = await sql<{ v: string | null }>`
        SELECT video_price AS v FROM creator_metrics WHERE creator_id = ${id}`.execute(t.ctx.db);
      const v = m.rows[0]?.v;
      expect(kol(id).estVideoPrice, String(id)).toBe(v === null || v === undefined ? null : Number(v));
    }
    expect(kol(fx.x).estVideoPrice).toBeGreaterThan(0);
  });

  it('portraits: the sampled commenters when enough, else the partition estimate, said plainly', () => {
    // X has 40 sampled commenters (the rollup's portrait sample), Z only 10
    expect(kol(fx.x).portraitKind).toBe('creator');
    expect(kol(fx.x).portraitSource).toContain('位评论用户估算');
    const x = kol(fx.z);
    expect(x.portraitKind).toBe('partition');
    expect(x.portraitSource).toContain('并非该UP主粉丝的数据');
    const gender = JSON.parse(x.genderPortrait ?? '[]') as { 性别: string; 比例: number }[];
    expect(gender.map((g) => g.性别).sort()).toEqual(['女', '男']);
    expect(gender.reduce((s, g) => s + g.比例, 0)).toBeCloseTo(100, 5);
    expect(JSON.parse(x.agePortrait ?? '[]')[0]).toHaveProperty('年龄');
    expect(JSON.parse(x.areaPortrait ?? '[]')[0]).toHaveProperty('地域');
  });

  it('audience overlap on the seeded comments', () => {
    const o = report.overlap;
    expect(o.sampleSize).toBe(41 + 51 + 10);
    expect(o.method).toContain('Jaccard');
    expect(o.method).toContain('95%');
    expect(o.pairs.map((p) => [p.kolIdA, p.kolIdB])).toEqual([
      [fx.x, fx.y],
      [fx.x, fx.z],
      [fx.y, fx.z],
    ]);
    const [xy, xz, yz] = o.pairs;
    // X: 1…40 (its own account left out); Y: 21…70; shared 21…40 = 20; union 70; 20 / 70 = 28.6 %
    const w = wilson(20, 70);
    expect(xy).toMatchObject({ commentersA: 40, commentersB: 50, shared: 20, overlapPercent: 28.6 });
    expect(xy?.low).toBe(Math.round(w.low * 1000) / 10);
    expect(xy?.high).toBe(Math.round(w.high * 1000) / 10);
    expect([xy?.low, xy?.high]).toEqual([19.3, 40.1]);
    // Z has 10 commenters: below the minimum of 30, no estimate
    expect(xz).toMatchObject({ commentersA: 40, commentersB: 10, shared: 0, overlapPercent: null, low: null });
    expect(yz).toMatchObject({ shared: 10, overlapPercent: null });
  });

  it('verdicts name the leader and the figures', () => {
    const v = Object.fromEntries(report.verdicts.map((x) => [x.dimension, x]));
    expect(v.reach).toMatchObject({ title: '影响力', leaderKolId: fx.y });
    expect(v.reach?.text).toContain('对比乙 粉丝最多（8万）');
    expect(v.engagement).toMatchObject({ leaderKolId: fx.x });
    expect(v.engagement?.text).toContain('14.25%');
    expect(v.growth).toMatchObject({ leaderKolId: fx.x });
    expect(v.growth?.text).toContain('+1万');
    expect(v.price).toMatchObject({ title: '性价比', leaderKolId: fx.y });
    expect(v.price?.text).toContain('¥500.00');
    expect(v.price?.text).toContain('对比丙 暂无报价数据');
  });

  it('without library prices the price verdict says 暂无报价数据', async () => {
    const other = await createMember(t.ctx, { userType: 2 });
    const a = await generate(other, ids(fx.x, fx.y));
    const r = await result(other, a.id ?? 0);
    expect(r.canPdf).toBe(0);
    const price = r.verdicts.find((x) => x.dimension === 'price');
    expect(price).toMatchObject({ leaderKolId: null });
    expect(price?.text).toContain('暂无报价数据');
    expect(r.userContrastKolDataList.every((k) => k.libraryPrice === null && k.pricePerThousandPlays === null)).toBe(
      true,
    );
  });

  it('the snapshot reopens unchanged after the numbers move; the list flags are live', async () => {
    const before = await result(m, report.contrastId);
    await sql`UPDATE videos SET play = play * 10, likes = likes + 5 WHERE creator_id = ${fx.x}`.execute(t.ctx.db);
    await sql`UPDATE creator_daily SET fans = fans + 12345 WHERE creator_id = ${fx.x}`.execute(t.ctx.db);
    await sql`UPDATE creators SET name = '对比甲改名', index_num = 99 WHERE id = ${fx.x}`.execute(t.ctx.db);
    await sql`UPDATE library_entries SET implantation_price = 1 WHERE team_id = ${m.id}`.execute(t.ctx.db);
    await sql`DELETE FROM comments WHERE video_id IN (SELECT id FROM videos WHERE creator_id = ${fx.y})`.execute(
      t.ctx.db,
    );
    const after = await result(m, report.contrastId);
    expect(after).toEqual(before);
    expect(kol(fx.x).isCollect).toBe(0);
    expect((await call(m, 'POST', '/api/user/addLinkKol', { type: 1, kolId: fx.x })).body.code).toBe(ApiCode.OK);
    expect((await call(m, 'POST', '/api/user/addLinkKol', { type: 4, kolId: fx.y })).body.code).toBe(ApiCode.OK);
    const flagged = await result(m, report.contrastId);
    expect(flagged.userContrastKolDataList.map((k) => [k.isCollect, k.isPut])).toEqual([
      [1, 0],
      [0, 1],
      [0, 0],
    ]);
    expect({ ...flagged, userContrastKolDataList: [] }).toEqual({ ...before, userContrastKolDataList: [] });
  });
});

describe('POST /api/user/setIntention — one intended creator per report', () => {
  it('marks only that creator, replaces an earlier choice, refuses a creator not in the report', async () => {
    const m = await createMember(t.ctx, { userType: 2 });
    const { id } = await generate(m, ids(world[0] ?? 0, world[1] ?? 0, world[2] ?? 0));
    const contrastId = id ?? 0;
    const admire = async () => (await result(m, contrastId)).userContrastKolDataList.map((k) => k.isAdmire);
    expect(await admire()).toEqual([0, 0, 0]);
    const set = await call(m, 'POST', '/api/user/setIntention', { contrastId, intentionKolId: world[1] ?? 0 });
    expect(set.body).toMatchObject({ code: ApiCode.OK, message: ContrastMsg.intentionSet });
    expect(await admire()).toEqual([0, 1, 0]);
    await call(m, 'POST', '/api/user/setIntention', { contrastId, intentionKolId: world[2] ?? 0 });
    expect(await admire()).toEqual([0, 0, 1]);
    const outside = await call(m, 'POST', '/api/user/setIntention', { contrastId, intentionKolId: world[4] ?? 0 });
    expect(outside.body).toMatchObject({ code: ApiCode.FAIL, message: ContrastMsg.intentionNotInReport });
    expect(await admire()).toEqual([0, 0, 1]);
    const missing = await call(m, 'POST', '/api/user/setIntention', { contrastId: 99_999_999, intentionKolId: 1 });
    expect(missing.body).toMatchObject({ code: ApiCode.FAIL, message: ContrastMsg.reportMissing });
    const list = await records(m);
    expect(list.list[0]?.intentionKolName).toBeTruthy();
  });

  it('30 concurrent choices leave exactly one intended creator; the database refuses one outside the report', async () => {
    const m = await createMember(t.ctx, { userType: 2 });
    const kols = [world[0] ?? 0, world[1] ?? 0, world[2] ?? 0];
    const { id } = await generate(m, ids(...kols));
    const contrastId = id ?? 0;
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        call(m, 'POST', '/api/user/setIntention', { contrastId, intentionKolId: kols[i % 3] ?? 0 }),
      ),
    );
    expect(answers.every((a) => a.body.code === ApiCode.OK)).toBe(true);
    const flags = (await result(m, contrastId)).userContrastKolDataList.map((k) => k.isAdmire);
    expect(flags.filter((f) => f === 1)).toHaveLength(1);
    await expect(
      sql`UPDATE contrast_reports SET intention_kol_id = ${world[5] ?? 0} WHERE id = ${contrastId}`.execute(t.ctx.db),
    ).rejects.toThrow(/check constraint/);
  });
});

describe('owner isolation, saved reports and deletion', () => {
  it('another team gets the not-found message and changes nothing; a sub-account of the team sees and uses it', async () => {
    const a = await createMember(t.ctx, { userType: 3 });
    const sub = await createMember(t.ctx, { userType: 0, parentId: a.id });
    const b = await createMember(t.ctx, { userType: 4 });
    const { id } = await generate(a, two());
    const contrastId = id ?? 0;
    const own = await result(a, contrastId);

    for (const [method, path, params] of [
      ['GET', '/api/user/kolContrastResult', { contrastId }],
      ['POST', '/api/user/setIntention', { contrastId, intentionKolId: world[0] ?? 0 }],
      ['GET', '/api/user/delContrastRecord', { contrastId }],
    ] as const) {
      const res = await call(b, method, path, params);
      expect(res.body, path).toEqual({ code: ApiCode.FAIL, message: ContrastMsg.reportMissing });
    }
    expect((await records(b)).total).toBe(0);
    expect(await contrastServiceOf(t.ctx).reportFor(b.id, contrastId)).toBeNull();
    expect(await result(a, contrastId)).toEqual(own);

    // the sub-account: same team, the parent's tier (企业版 → PDF allowed) and quota
    expect(await result(sub, contrastId)).toEqual(own);
    expect(
      (await call(sub, 'POST', '/api/user/setIntention', { contrastId, intentionKolId: world[0] ?? 0 })).body.code,
    ).toBe(ApiCode.OK);
    const subMade = await generate(sub, two());
    expect(subMade.flag).toBe(ContrastFlag.ALLOWED);
    expect(await used(a)).toBe(2);
    const list = await records(a);
    expect(list.total).toBe(2);
    expect(list.list.map((r) => r.contrastId)).toEqual([subMade.id, contrastId]); // newest first
    expect(list.list[1]).toMatchObject({ kolNum: 2, dataDate: own.dataDate, intentionKolName: expect.any(String) });
    expect(list.list[1]?.kols.map((k) => k.kolId)).toEqual([world[0], world[1]]);

    // reportFor: the same answer as the route for the team
    expect(await contrastServiceOf(t.ctx).reportFor(a.id, contrastId)).toEqual(await result(a, contrastId));
  });

  it('the list pages newest first; a deleted report is gone for every reader', async () => {
    const m = await createMember(t.ctx, { userType: 2 });
    const made: number[] = [];
    for (let i = 0; i < 3; i++) made.push((await generate(m, ids(world[i] ?? 0, world[i + 1] ?? 0))).id ?? 0);
    const page1 = await records(m, { pageNo: 1, pageSize: 2 });
    const page2 = await records(m, { pageNo: 2, pageSize: 2 });
    expect(page1.total).toBe(3);
    expect([...page1.list, ...page2.list].map((r) => r.contrastId)).toEqual([...made].reverse());
    expect(page1.list[0]?.creatorName).toMatch(/^会员测试/);

    const del = await call(m, 'GET', '/api/user/delContrastRecord', { contrastId: made[0] ?? 0 });
    expect(del.body).toMatchObject({ code: ApiCode.OK, message: ContrastMsg.deleted });
    expect((await result(m, made[0] ?? 0)).message).toBe(ContrastMsg.reportMissing);
    expect((await call(m, 'GET', '/api/user/delContrastRecord', { contrastId: made[0] ?? 0 })).body.message).toBe(
      ContrastMsg.reportMissing,
    );
    expect((await records(m)).total).toBe(2);
    expect(await contrastServiceOf(t.ctx).reportFor(m.id, made[0] ?? 0)).toBeNull();
    const row = await sql<{ deleted: boolean }>`
      SELECT deleted_at IS NOT NULL AS deleted FROM contrast_reports WHERE id = ${made[0] ?? 0}`.execute(t.ctx.db);
    expect(row.rows[0]?.deleted).toBe(true);
  });

  it('bad contrastId is refused with a clear message, never a 500', async () => {
    const m = await createMember(t.ctx, { userType: 2 });
    for (const contrastId of ['x', '-1', '0', '1.5', '']) {
      const res = await call(m, 'GET', '/api/user/kolContrastResult', { contrastId });
      expect(res.status).toBe(200);
      expect(res.body.code).toBe(ApiCode.FAIL);
    }
  });

  it('every comparison route is flagged teamOwned (the isolation walk of modules/collect covers them)', () => {
    const routes = t.app.routeTable.filter(
      // /api/sale/saleContrast compares platform figures, computed per call and never saved: nothing of a team
      (r) =>
        r.url.startsWith('/api/') &&
        !r.url.startsWith('/api/sale/') &&
        /contrast|intention/i.test(r.url) &&
        r.method !== 'HEAD',
    );
    expect(routes.length).toBeGreaterThanOrEqual(5);
    expect(routes.filter((r) => !r.teamOwned && !/getContrastCount/.test(r.url)).map((r) => r.url)).toEqual([]);
  });
});

describe('数据准备中: a report is never made of figures that do not exist yet (issue 23, item 10)', () => {
  it('a creator not rolled up: refused before the spend, nothing stored; once rolled up the same request builds', async () => {
    const m = await createMember(t.ctx, { userType: 2 });
    const fresh = await creator('新收录的UP主', 880_000_009, null);
    await daily(fresh, D, 3_000);
    const before = await used(m);
    const res = await call(m, 'POST', '/api/user/kolContrast', { kolIds: ids(fx.x, fresh) });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: ApiCode.FAIL, message: ContrastMsg.dataPreparing('新收录的UP主') });
    expect(String(res.body.message)).toContain('数据准备中');
    expect(await used(m)).toBe(before);
    expect(await reportRows(m.id)).toBe(0);
    expect((await records(m)).total).toBe(0);

    await rollupDay(t.ctx.db, D);
    const a = await generate(m, ids(fx.x, fresh));
    expect(a.flag).toBe(ContrastFlag.ALLOWED);
    expect(await used(m)).toBe(before + 1);
    const r = await result(m, a.id ?? 0);
    const k = r.userContrastKolDataList.find((x) => x.kolId === fresh);
    // rolled up: a named sample (0 = no video in 90 days), never an unnamed empty row
    expect(k).toMatchObject({ fansNum: 3_000, sampleWindow: 0, weekAvgPlayNum: null });
  });
});
