/**
 * Real data end to end (issue #12) on an empty database without the demo world (SEED_DEMO=false): 45 days of
 * real-shaped popular lists (the shape of the hand-built fixture popular_follower.json: items with owner.follower,
 * stat.vv, now_rank), with whole days missing and creators missing from some days, imported with the product's
 * importer in date order, then `npm run rollup -- --from … --to …`. The API's trends, increments, rankings (top 100,
 * every kind and period, per partition too), fan events, partitions and totals must equal an independent
 * computation from the same files by the documented definitions (docs/metrics.md, "Gaps").
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataMsg, type RankingAnswer } from '@xg/shared';
import { ROLLUP_NO_WORKER } from '../modules/pipeline/pipeline.routes.js';
import { createEmptyTestApp, type TestApp } from '../../test/harness.js';
import { lcg } from '../../test/lcg.js';
import { createMember, type TestMember } from '../modules/membership/test-members.js';
import { runRollupCli } from '../jobs/rollup-cli.js';
import { runCli } from './cli.js';

const FIXTURE = path.resolve(import.meta.dirname, '../../test/fixtures/bilibili/popular_follower.json');
const FIRST = '2026-09-01';
const DAYS = 45;
/** whole days without a saved list */
const MISSING_DAYS = new Set([5, 17, 18, 33]);
const TOLERANCE: Record<number, number> = { 1: 0, 7: 1, 30: 3 };
const PERIODS = [
  ['day', 1],
  ['week', 7],
  ['month', 30],
] as const;

const dayOf = (k: number) => new Date(Date.parse(`${FIRST}T00:00:00Z`) + k * 86_400_000).toISOString().slice(0, 10);
const minus = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
const LAST = dayOf(DAYS - 1);

// Creators: mid, tids of their videos (the first is the majority), their fans path.
interface Creator {
  mid: number;
  name: string;
  tids: number[];
  fans: number[];
  /** days (k) the creator is in the list */
  present: boolean[];
}
const TIDS = [257, 267, 21, 138, 17, 201, 76, 9999];
const rnd = lcg(20261125);
const creators: Creator[] = Array.from({ length: 36 }, (_, i) => {
  const main = TIDS[i % TIDS.length] as number;
  const other = TIDS[(i + 3) % TIDS.length] as number;
  const base = 5_000 + i * 37_003; // distinct, no ties among creators
  const trend = (i % 3 === 0 ? -1 : 1) * (50 + i * 13);
  const fans: number[] = [];
  let f = base;
  for (let k = 0; k < DAYS; k++) {
    f += trend + Math.round((rnd() - 0.5) * 40);
    if (i % 7 === 1 && k === 25) f += 30_000; // a hit video: a fan event
    if (i % 11 === 2 && k === 30) f -= 9_000; // a drop
    fans.push(Math.max(0, f));
  }
  const present = Array.from({ length: DAYS }, (_, k) => !MISSING_DAYS.has(k) && !(i % 5 === 4 && k % 9 === 3));
  return { mid: 930_000_000 + i, name: `真实UP${i}`, tids: [main, main, other], fans, present };
});

/** Each creator's videos; plays grow by day. */
interface Video {
  aid: number;
  creator: Creator;
  tid: number;
  play: (k: number) => number;
  like: (k: number) => number;
}
const videos: Video[] = creators.flatMap((c, i) =>
  c.tids.map((tid, j) => ({
    aid: 1_800_000_000 + i * 10 + j,
    creator: c,
    tid,
    play: (k: number) => 10_000 * (j + 1) + i * 100 + k * 500,
    like: (k: number) => 500 * (j + 1) + k * 20,
  })),
);
/** the videos in the list of day k: each present creator's first video, and its others on alternate days */
const listed = (k: number) =>
  videos.filter((v) => v.creator.present[k] && (v.creator.tids.indexOf(v.tid) === 0 || (k + v.aid) % 2 === 0));

let t: TestApp;
let member: TestMember;
let operator: TestMember;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'xg-real-data-'));
const idOf = new Map<number, number>(); // mid → kolId
const log: string[] = [];

function listFile(k: number): string {
  const template = (JSON.parse(fs.readFileSync(FIXTURE, 'utf8')) as { data: { list: Record<string, unknown>[] } }).data
    .list[0] as Record<string, unknown>;
  const list = listed(k).map((v) => ({
    ...template,
    aid: v.aid,
    bvid: `BV1real${v.aid}`,
    tid: v.tid,
    tname: v.tid === 9999 ? '未知新分区' : '',
    title: `视频${v.aid}`,
    pubdate: Date.parse(`${FIRST}T00:00:00+08:00`) / 1000 - 86_400 * 3,
    owner: { mid: v.creator.mid, name: v.creator.name, face: '', follower: v.creator.fans[k] },
    stat: {
      aid: v.aid,
      view: v.play(k),
      danmaku: 1,
      reply: 2,
      favorite: 3,
      coin: 4,
      share: 5,
      now_rank: 0,
      his_rank: 0,
      like: v.like(k),
      dislike: 0,
      vt: 0,
      vv: v.play(k),
    },
  }));
  const file = path.join(tmp, `popular-${dayOf(k)}.json`);
  fs.writeFileSync(file, JSON.stringify({ code: 0, message: '0', ttl: 1, data: { list, no_more: false } }));
  return file;
}

beforeAll(async () => {
  t = await createEmptyTestApp();
  member = await createMember(t.ctx, { userType: 3 });
  operator = await createMember(t.ctx, { userType: 3 });
  t.ctx.config.pipeline.operatorUserIds.push(operator.id);
  const env = { NODE_ENV: 'test', DATABASE_URL: t.databaseUrl };
  for (let k = 0; k < DAYS; k++) {
    if (MISSING_DAYS.has(k)) continue;
    const err: string[] = [];
    const code = await runCli(
      ['--date', dayOf(k), listFile(k)],
      { out: () => undefined, err: (l) => err.push(l) },
      env,
    );
    expect(err).toEqual([]);
    expect(code).toBe(0);
  }
  const err: string[] = [];
  const code = await runRollupCli(
    ['--from', FIRST, '--to', LAST],
    { out: (l) => log.push(l), err: (l) => err.push(l) },
    env,
  );
  expect(err).toEqual([]);
  expect(code).toBe(0);
  const rows = await t.ctx.db.selectFrom('creators').select(['id', 'mid']).execute();
  for (const r of rows) idOf.set(Number(r.mid), Number(r.id));
}, 600_000);
afterAll(async () => {
  await t.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

async function get<T>(p: string, params: Record<string, string | number>, who: TestMember = member): Promise<T> {
  const res = await t.call('GET', p, params, { token: who.token });
  expect(res.status).toBe(200);
  expect(res.body.code).toBe(200);
  return res.body as unknown as T;
}

// The independent computation ------------------------------------------------------------------------------
/** the stored fans of creator c on day d (a day it was in a list), else null */
function fansOn(c: Creator, day: string): number | null {
  const k = Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${FIRST}T00:00:00Z`)) / 86_400_000);
  if (k < 0 || k >= DAYS || !c.present[k]) return null;
  return c.fans[k] as number;
}
/** change over n days ending `end` days before d, with the start tolerance; null when not computable */
function change(c: Creator, d: string, n: number, end = 0): { value: number; base: string } | null {
  const last = fansOn(c, minus(d, end));
  if (last === null) return null;
  for (let o = end + n; o >= end + n - (TOLERANCE[n] ?? 0); o--) {
    const first = fansOn(c, minus(d, o));
    if (first !== null) return { value: last - first, base: minus(d, o) };
  }
  return null;
}
/** the creator's partition: the tid of most of its videos (9999 is not in the tree) */
function partitionOf(c: Creator): number | null {
  const known = c.tids.filter((x) => x !== 9999);
  if (known.length === 0) return null;
  const counts = new Map<number, number>();
  for (const x of known) counts.set(x, (counts.get(x) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
}
const PARENT: Record<number, number> = { 257: 1, 267: 3, 21: 160, 138: 160, 17: 4, 201: 36, 76: 211 };

interface Expected {
  mid: number;
  value: number;
  delta: number | null;
  valueDay: string | null;
  baseDay: string | null;
}
function expectedList(kind: 'fans' | 'increase' | 'decrease', d: string, n: number, tid: number): Expected[] {
  const rows: Expected[] = [];
  for (const c of creators) {
    const p = partitionOf(c);
    if (tid !== 0 && p !== tid && (p === null || PARENT[p] !== tid)) continue;
    const ch = change(c, d, n);
    const prev = change(c, d, n, n);
    if (kind === 'fans') {
      let valueDay: string | null = null;
      for (let o = 0; o <= 2 && valueDay === null; o++) if (fansOn(c, minus(d, o)) !== null) valueDay = minus(d, o);
      if (valueDay === null) continue;
      rows.push({
        mid: c.mid,
        value: fansOn(c, valueDay) as number,
        delta: ch?.value ?? null,
        valueDay,
        baseDay: ch?.base ?? null,
      });
    } else if (ch !== null && (kind === 'increase' ? ch.value > 0 : ch.value < 0)) {
      const value = kind === 'increase' ? ch.value : -ch.value;
      const delta = prev === null ? null : kind === 'increase' ? ch.value - prev.value : prev.value - ch.value;
      rows.push({ mid: c.mid, value, delta, valueDay: d, baseDay: ch.base });
    }
  }
  // ties by the system id (creators were created in mid order by the first import)
  return rows.sort((a, b) => b.value - a.value || (idOf.get(a.mid) ?? 0) - (idOf.get(b.mid) ?? 0)).slice(0, 100);
}

async function apiList(kind: string, period: string, date: string, tid: number): Promise<Expected[]> {
  const out: Expected[] = [];
  for (let pageNo = 1; pageNo <= 2; pageNo++) {
    const body = await get<RankingAnswer>('/api/ranking', { kind, period, date, tid, pageNo, pageSize: 50 });
    out.push(
      ...body.rankings.map((r) => ({
        mid: r.kolUid,
        value: r.value,
        delta: r.delta,
        valueDay: r.valueDay,
        baseDay: r.baseDay,
      })),
    );
    if (body.rankings.length < 50) break;
  }
  return out;
}

describe('real data end to end (SEED_DEMO=false, importer → rollup backfill → API)', () => {
  it('the partition tree is reference data: both levels, 257 配音 and every tid the samples use', async () => {
    const rows = await t.ctx.db.selectFrom('partitions').select(['tid', 'parent_id', 'name']).execute();
    const byTid = new Map(rows.map((r) => [r.tid, r]));
    expect(rows.length).toBe(149); // 21 top-level, 128 children
    expect(byTid.get(257)).toMatchObject({ parent_id: 1, name: '配音' });
    expect(byTid.get(267)).toMatchObject({ parent_id: 3, name: '电台' });
    // tids of the shared samples (popular, ranking, weekly, view, view/detail, search, arc search lists)
    for (const tid of [
      17, 21, 22, 24, 25, 26, 27, 28, 29, 30, 31, 47, 59, 75, 76, 86, 124, 126, 130, 137, 138, 161, 182, 183, 193, 201,
      210, 221, 222, 236, 250, 253, 255, 256, 267,
    ]) {
      expect(byTid.has(tid), `tid ${tid}`).toBe(true);
    }
    expect(rows.filter((r) => r.parent_id === null).length).toBe(21);
  });

  it('imported creators get their partition from their videos; an unknown tid is recorded and shown in pipeline health', async () => {
    for (const c of creators) {
      const row = await t.ctx.db
        .selectFrom('creators')
        .select('partition_tid')
        .where('mid', '=', String(c.mid))
        .executeTakeFirstOrThrow();
      expect(row.partition_tid, c.name).toBe(partitionOf(c));
    }
    const voice = creators.find((c) => partitionOf(c) === 257) as Creator;
    const detail = await get<{ kolInfo: { themeName: string; parentThemeName: string; tid: number } }>(
      '/api/kolDetail',
      {
        kolId: idOf.get(voice.mid) as number,
      },
    );
    expect(detail.kolInfo).toMatchObject({ themeName: '配音', parentThemeName: '动画', tid: 257 });
    const health = await get<{ unknownPartitions: { tid: number; tname: string; videos: number }[] }>(
      '/api/admin/pipeline',
      {},
      operator,
    );
    expect(health.unknownPartitions).toEqual([
      expect.objectContaining({ tid: 9999, tname: '未知新分区', videos: videos.filter((v) => v.tid === 9999).length }),
    ]);
  });

  it('fans come from owner.follower: the trends (totals and increments) follow the gap rules, and 7/30/90 days agree', async () => {
    for (const c of creators) {
      const kolId = idOf.get(c.mid) as number;
      const lastDay = [...Array(DAYS).keys()].reverse().find((k) => c.present[k]) as number;
      const views = new Map<number, { dataDate: string; fansNum: number }[]>();
      for (const dayNum of [7, 30, 90]) {
        const totals = await get<{ trend: { dataDate: string; fansNum: number }[] }>('/api/kolTrend', {
          kolId,
          type: 1,
          dayNum,
        });
        const incs = await get<{ trend: { dataDate: string; fansNum: number }[] }>('/api/kolTrend', {
          kolId,
          type: 0,
          dayNum,
        });
        const window = [...Array(DAYS).keys()].filter((k) => k <= lastDay && k > lastDay - dayNum && c.present[k]);
        expect(totals.trend.map((p) => [p.dataDate, p.fansNum])).toEqual(window.map((k) => [dayOf(k), c.fans[k]]));
        const expectedInc = window
          .filter((k) => k > 0 && c.present[k - 1])
          .map((k) => [dayOf(k), (c.fans[k] as number) - (c.fans[k - 1] as number)]);
        expect(incs.trend.map((p) => [p.dataDate, p.fansNum])).toEqual(expectedInc);
        views.set(dayNum, incs.trend);
      }
      // the 7-day view is the end of the 30-day view, which is the end of the 90-day view
      const v7 = views.get(7) ?? [];
      const v30 = views.get(30) ?? [];
      expect(v30.slice(v30.length - v7.length)).toEqual(v7);
    }
  });

  it('rankings: every kind and period, all partitions and per partition, equal the independent computation', async () => {
    const days = [LAST, dayOf(40), dayOf(39), dayOf(34), dayOf(19), dayOf(18)];
    const seen = { rows: 0, stale: 0, short: 0, noDelta: 0 };
    for (const d of days) {
      for (const [period, n] of PERIODS) {
        for (const kind of ['fans', 'increase', 'decrease'] as const) {
          for (const tid of [0, 257, 1, 160]) {
            const expected = expectedList(kind, d, n, tid);
            const dates = await get<{ dates: string[] }>('/api/rankingDates', { kind, period });
            if (!dates.dates.includes(d)) {
              expect(expected, `${kind} ${period} ${d} ${tid}`).toEqual([]);
              continue;
            }
            const got = await apiList(kind, period, d, tid);
            expect(got, `${kind} ${period} ${d} tid ${tid}`).toEqual(expected);
            seen.rows += got.length;
            seen.stale += got.filter((r) => r.valueDay !== d).length;
            seen.short += got.filter((r) => r.baseDay !== null && r.baseDay !== minus(d, n)).length;
            seen.noDelta += got.filter((r) => r.delta === null).length;
          }
        }
      }
    }
    // every rule was exercised: stale fans values (≤ 2 days), changes from a later start (tolerance), nothing to compare
    expect(seen.rows).toBeGreaterThan(500);
    expect(seen.stale).toBeGreaterThan(0);
    expect(seen.short).toBeGreaterThan(0);
    expect(seen.noDelta).toBeGreaterThan(0);
  });

  it('the month lists exist once 28 days of history are held; before that the answer says the history is short', async () => {
    const early = await get<RankingAnswer>('/api/ranking', { kind: 'fans', period: 'week', date: dayOf(3) });
    expect([early.historyDays, early.requiredDays]).toEqual([4, 7]);
    const late = await get<RankingAnswer>('/api/ranking', { kind: 'increase', period: 'month', date: LAST });
    expect(late.historyDays).toBe(DAYS);
    expect(late.historyDays).toBeGreaterThanOrEqual(late.requiredDays);
    expect(late.rankings.length).toBeGreaterThan(0);
  });

  it('business: 较上期 is the quote against the quote at the previous period’s end', async () => {
    for (const [period, n] of PERIODS) {
      const now = await get<RankingAnswer>('/api/ranking', { kind: 'business', period, date: LAST, pageSize: 50 });
      const before = await get<RankingAnswer>('/api/ranking', {
        kind: 'business',
        period: 'day',
        date: minus(LAST, n),
        pageSize: 50,
      });
      const then = new Map(before.rankings.map((r) => [r.kolUid, r.value]));
      for (const r of now.rankings) {
        const old = then.get(r.kolUid);
        if (old !== undefined) expect(r.delta).toBe(r.value - old);
      }
      expect(now.rankings.some((r) => r.delta !== null)).toBe(true);
    }
  });

  it('fan events follow the documented thresholds on increments between consecutive days only', async () => {
    const expected: string[] = [];
    for (const c of creators) {
      const inc = (k: number) =>
        k > 0 && c.present[k] && c.present[k - 1] ? (c.fans[k] as number) - (c.fans[k - 1] as number) : null;
      for (let k = 1; k < DAYS; k++) {
        const delta = inc(k);
        if (delta === null || delta === 0) continue;
        const base = [1, 2, 3, 4, 5, 6, 7].map((o) => inc(k - o)).filter((x): x is number => x !== null);
        const baseline = base.length ? base.reduce((s, x) => s + Math.abs(x), 0) / base.length : 0;
        const fansBefore = (c.fans[k] as number) - delta;
        if (Math.abs(delta) < Math.max(1000, 0.005 * fansBefore)) continue;
        if (base.length >= 3 && Math.abs(delta) < 3 * baseline) continue;
        expected.push(`${c.mid} ${dayOf(k)} ${delta}`);
      }
    }
    expect(expected.length).toBeGreaterThan(0);
    const r = await sql<{ mid: string; day: string; delta: string }>`
      SELECT c.mid, e.day, e.delta FROM fan_events e JOIN creators c ON c.id = e.creator_id`.execute(t.ctx.db);
    expect(r.rows.map((x) => `${x.mid} ${x.day} ${x.delta}`).sort()).toEqual(expected.sort());
    // and through the API
    const [mid, day, delta] = (expected[0] as string).split(' ');
    const api = await get<{ fanEvents: { eventDate: string; fansChange: number }[] }>('/api/kolFanEvents', {
      kolId: idOf.get(Number(mid)) as number,
      days: 90,
    });
    expect(api.fanEvents.map((e) => [e.eventDate.slice(0, 10), e.fansChange])).toContainEqual([day, Number(delta)]);
  });

  it('totals without the platform’s own: plays, likes and video count of the stored videos, said so on the detail', async () => {
    for (const c of creators.slice(0, 8)) {
      const own = videos.filter((v) => v.creator === c);
      // each video's counters as of the last day it was in a list
      const lastSeen = (v: Video) => [...Array(DAYS).keys()].reverse().find((k) => listed(k).includes(v)) as number;
      const detail = await get<{
        kolInfo: {
          playNum: number;
          praiseNum: number;
          videoNum: number;
          fansNum: number;
          totalsFromVideos: number | null;
        };
      }>('/api/kolDetail', { kolId: idOf.get(c.mid) as number });
      const lastDay = [...Array(DAYS).keys()].reverse().find((k) => c.present[k]) as number;
      expect(detail.kolInfo).toMatchObject({
        fansNum: c.fans[lastDay],
        playNum: own.reduce((s, v) => s + v.play(lastSeen(v)), 0),
        praiseNum: own.reduce((s, v) => s + v.like(lastSeen(v)), 0),
        videoNum: own.length,
        totalsFromVideos: own.length,
      });
    }
  });

  it('数据更新于: the newest snapshot and rollup days; the backfill printed its progress and is idempotent', async () => {
    const status = await get<{ snapshotDay: string; rollupDay: string; updatedAt: string }>('/api/dataStatus', {});
    expect([status.snapshotDay, status.rollupDay]).toEqual([LAST, LAST]);
    expect(status.updatedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(log.filter((l) => /^\s+\[\d+\/45\] /.test(l))).toHaveLength(45);
    const dump = async () =>
      JSON.stringify(
        (
          await sql`SELECT kind, period, day, partition_tid, rank, creator_id, value, delta, value_day, base_day
                    FROM rankings ORDER BY 1, 2, 3, 4, 5`.execute(t.ctx.db)
        ).rows,
      ) + JSON.stringify((await sql`SELECT * FROM fan_events ORDER BY creator_id, day`.execute(t.ctx.db)).rows);
    const before = await dump();
    const code = await runRollupCli(
      ['--from', dayOf(38), '--to', LAST],
      { out: () => undefined, err: () => undefined },
      {
        NODE_ENV: 'test',
        DATABASE_URL: t.databaseUrl,
      },
    );
    expect(code).toBe(0);
    expect(await dump()).toBe(before);
  });

  it('the backfill as an operator job: operators only, checked days, and a clear answer without a job system', async () => {
    const post = (who: TestMember, params: Record<string, string>) =>
      t.call('POST', '/api/admin/rollupBackfill', params, { token: who.token });
    expect((await post(member, { from: FIRST, to: LAST })).status).toBe(403);
    const cases: [Record<string, string>, string][] = [
      [{ from: '2026-13-01', to: LAST }, DataMsg.dayFormat],
      [{ from: LAST, to: FIRST }, DataMsg.rangeOrder],
      [{ from: '2025-01-01', to: LAST }, DataMsg.rangeTooLong],
      [{ from: FIRST, to: LAST }, ROLLUP_NO_WORKER], // tests run no job system (PIPELINE_ENABLED off)
    ];
    for (const [params, message] of cases) {
      const res = await post(operator, params);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ code: -1, message });
    }
  });

  it('once an operator adds the unknown tid to the tree, the next rollup moves its videos there (last: it changes partitions)', async () => {
    await t.ctx.db.insertInto('partitions').values({ tid: 9999, parent_id: 160, name: '新分区', sort: 99 }).execute();
    const code = await runRollupCli(
      ['--from', LAST],
      { out: () => undefined, err: () => undefined },
      {
        NODE_ENV: 'test',
        DATABASE_URL: t.databaseUrl,
      },
    );
    expect(code).toBe(0);
    const moved = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM videos WHERE tid = 9999`.execute(t.ctx.db);
    expect(moved.rows[0]?.n).toBe(videos.filter((v) => v.tid === 9999).length);
    const left = await sql<{ n: number }>`SELECT count(*)::int AS n FROM unknown_partitions`.execute(t.ctx.db);
    expect(left.rows[0]?.n).toBe(0);
    // a creator whose videos are mostly 9999 now has that partition
    const c = creators.find((x) => x.tids[0] === 9999) as Creator;
    const row = await t.ctx.db
      .selectFrom('creators')
      .select('partition_tid')
      .where('mid', '=', String(c.mid))
      .executeTakeFirstOrThrow();
    expect(row.partition_tid).toBe(9999);
  });
});
