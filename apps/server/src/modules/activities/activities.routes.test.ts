import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import {
  ActivityMsg,
  DiscoveryMsg,
  FREE_RANKING_ROWS,
  Msg,
  type ActivityDetailAnswer,
  type HotActivityAnswer,
  type VideoStuffAnswer,
  type VideoStuffDetailAnswer,
} from '@xg/shared';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { createMember, type TestMember } from '../membership/test-members.js';
import { activityHotScore, activityState, dayRange, growthRate } from './activities.service.js';

describe('activity and material maths', () => {
  it('weights an activity’s summed hot score by the breadth of its creators', () => {
    expect(activityHotScore(10, 1)).toBe(10);
    expect(activityHotScore(10, 10)).toBe(20);
    expect(activityHotScore(10, 0)).toBe(10);
  });

  it('growth compares with the window before, at least one video as the base', () => {
    expect(growthRate(6, 2)).toBe(2);
    expect(growthRate(3, 0)).toBe(3);
    expect(growthRate(1, 4)).toBe(-0.75);
  });

  it('states and day ranges', () => {
    const row = { startsAt: new Date('2025-01-01T00:00:00Z'), endsAt: new Date('2025-02-01T00:00:00Z') };
    expect(activityState(row, new Date('2025-01-15T00:00:00Z'))).toBe(1);
    expect(activityState(row, new Date('2025-03-01T00:00:00Z'))).toBe(2);
    expect(activityState(row, new Date('2024-12-01T00:00:00Z'))).toBe(0);
    expect(activityState({ startsAt: null, endsAt: null }, new Date())).toBe(0);
    expect(dayRange('2025-02-27', '2025-03-02')).toEqual(['2025-02-27', '2025-02-28', '2025-03-01', '2025-03-02']);
  });
});

let t: TestApp;
let free: TestMember;
let basic: TestMember;

beforeAll(async () => {
  t = await createTestApp();
  free = await createMember(t.ctx, { userType: 0 });
  basic = await createMember(t.ctx, { userType: 1 });
});
afterAll(async () => {
  await t.close();
});

type Params = Record<string, string | number>;
async function get<T>(path: string, params: Params = {}, member: TestMember = basic) {
  const res = await t.call('GET', path, params, { token: member.token });
  expect(res.status).toBe(200);
  return res.body as unknown as T & { code: number; message: string; feature?: string; requiredLevel?: number };
}

async function asOf(): Promise<Date> {
  const r = await sql<{ t: Date }>`SELECT max(pubdate) AS t FROM videos`.execute(t.ctx.db);
  const v = r.rows[0]?.t;
  if (!v) throw new Error('no videos');
  return v;
}

describe('GET /api/hotActivity', () => {
  it('ranks the window’s activities by hot score with figures that match the videos', async () => {
    const body = await get<HotActivityAnswer>('/api/hotActivity', { days: 90, pageSize: 50 });
    expect(body).toMatchObject({ code: 200, days: 90, pageNo: 1, limited: false, limitRows: null });
    expect(body.activities.length).toBeGreaterThan(0);
    const scores = body.activities.map((a) => a.hotScore);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    expect(body.activities.map((a) => a.rank)).toEqual(body.activities.map((_, i) => i + 1));
    const top = body.activities[0];
    if (!top) throw new Error('no activity');
    expect(top.activityName).toBeTruthy();
    const end = await asOf();
    const r = await sql<{ n: string; kols: string; plays: string }>`
      SELECT count(*) AS n, count(DISTINCT creator_id) AS kols, sum(play) AS plays FROM videos
      WHERE mission_id = ${top.activityId} AND status = 0
        AND pubdate > ${end}::timestamptz - interval '90 days' AND pubdate <= ${end}::timestamptz`.execute(t.ctx.db);
    expect(top.videoNum).toBe(Number(r.rows[0]?.n));
    expect(top.kolNum).toBe(Number(r.rows[0]?.kols));
    expect(top.playNum).toBe(Number(r.rows[0]?.plays));
    const total = await sql<{ n: string }>`
      SELECT count(DISTINCT mission_id) AS n FROM videos WHERE mission_id IS NOT NULL AND status = 0
        AND pubdate > ${end}::timestamptz - interval '90 days'`.execute(t.ctx.db);
    expect(body.total).toBe(Number(total.rows[0]?.n));
  });

  it('sorts, filters by partition and pages', async () => {
    const byVideos = await get<HotActivityAnswer>('/api/hotActivity', { days: 90, sort: 'videos', pageSize: 50 });
    const counts = byVideos.activities.map((a) => a.videoNum);
    expect([...counts].sort((a, b) => b - a)).toEqual(counts);
    const page2 = await get<HotActivityAnswer>('/api/hotActivity', {
      days: 90,
      sort: 'videos',
      pageSize: 2,
      pageNo: 2,
    });
    expect(page2.activities.map((a) => a.activityId)).toEqual(byVideos.activities.slice(2, 4).map((a) => a.activityId));
    const far = await get<HotActivityAnswer>('/api/hotActivity', { days: 90, pageNo: 400 });
    expect(far).toMatchObject({ code: 200, activities: [], total: byVideos.total });
    const game = await get<HotActivityAnswer>('/api/hotActivity', { days: 90, tid: 4, pageSize: 50 });
    const all = new Map(byVideos.activities.map((a) => [a.activityId, a.videoNum]));
    for (const a of game.activities) expect(a.videoNum).toBeLessThanOrEqual(all.get(a.activityId) ?? 0);
  });

  it('checks parameters with the Chinese messages; 401 without a token', async () => {
    expect((await get('/api/hotActivity', { days: 3 })).message).toBe(DiscoveryMsg.daysInvalid);
    expect((await get('/api/hotActivity', { sort: 'nope' })).message).toBe(DiscoveryMsg.sortInvalid);
    expect((await get('/api/hotActivity', { tid: 999_999 })).message).toBe(DiscoveryMsg.tidInvalid);
    expect((await get('/api/hotActivity', { pageNo: 0 })).message).toBe(DiscoveryMsg.pageNoInvalid);
    expect((await get('/api/hotActivity', { pageSize: 51 })).message).toBe(DiscoveryMsg.pageSizeInvalid);
    for (const path of ['/api/hotActivity', '/api/activityDetail', '/api/videoStuff', '/api/videoStuffDetail']) {
      expect((await t.call('GET', path, { activityId: 1, materialId: 1 })).status).toBe(401);
    }
  });

  it('免费版 reads the first rows only (ranking.full)', async () => {
    const first = await get<HotActivityAnswer>('/api/hotActivity', { days: 90, pageSize: 50 }, free);
    expect(first).toMatchObject({ code: 200, limited: true, limitRows: FREE_RANKING_ROWS });
    expect(first.activities.length).toBeLessThanOrEqual(FREE_RANKING_ROWS);
    const deep = await get('/api/hotActivity', { days: 90, pageSize: 20, pageNo: 2 }, free);
    expect(deep).toMatchObject({ code: -1, message: Msg.upgradeTitle, feature: 'ranking.full', requiredLevel: 1 });
  });
});

describe('GET /api/activityDetail', () => {
  it('answers the overview, daily trend, partitions, top creators and a page of videos', async () => {
    const list = await get<HotActivityAnswer>('/api/hotActivity', { days: 90 });
    const top = list.activities[0];
    if (!top) throw new Error('no activity');
    const body = await get<ActivityDetailAnswer>('/api/activityDetail', { activityId: top.activityId, pageSize: 5 });
    expect(body.code).toBe(200);
    expect(body.activity).toMatchObject({ activityId: top.activityId, activityName: top.activityName });
    const all = await sql<{ n: string; plays: string }>`
      SELECT count(*) AS n, sum(play) AS plays FROM videos WHERE mission_id = ${top.activityId} AND status = 0`.execute(
      t.ctx.db,
    );
    expect(body.overview.videoNum).toBe(Number(all.rows[0]?.n));
    expect(body.overview.playNum).toBe(Number(all.rows[0]?.plays));
    expect(body.total).toBe(body.overview.videoNum);
    const firstDay = body.trend[0]?.dataDate ?? '';
    const inTrend = await sql<{ n: string }>`
      SELECT count(*) AS n FROM videos WHERE mission_id = ${top.activityId} AND status = 0
        AND to_char(pubdate AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD') >= ${firstDay}`.execute(t.ctx.db);
    expect(body.trend.reduce((s, d) => s + d.videoNum, 0)).toBe(Number(inTrend.rows[0]?.n));
    expect(body.trend.length).toBeLessThanOrEqual(180);
    expect(body.partitions.reduce((s, p) => s + p.videoNum, 0)).toBe(body.overview.videoNum);
    expect(body.videoInfos.length).toBe(Math.min(5, body.total));
    const plays = body.videoInfos.map((v) => v.playNum);
    expect([...plays].sort((a, b) => b - a)).toEqual(plays);
    const kolPlays = body.topKols.map((k) => k.playNum);
    expect([...kolPlays].sort((a, b) => b - a)).toEqual(kolPlays);
    const newest = await get<ActivityDetailAnswer>('/api/activityDetail', { activityId: top.activityId, sort: 'time' });
    const times = newest.videoInfos.map((v) => v.publishTime);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('bad or unknown ids', async () => {
    expect((await get('/api/activityDetail', {})).message).toBe(ActivityMsg.activityIdInvalid);
    expect((await get('/api/activityDetail', { activityId: 'abc' })).message).toBe(ActivityMsg.activityIdInvalid);
    expect((await get('/api/activityDetail', { activityId: 1 })).message).toBe(ActivityMsg.activityNotFound);
  });
});

describe('GET /api/videoStuff and /api/videoStuffDetail', () => {
  it('ranks background music by use with growth and a daily trend', async () => {
    const body = await get<VideoStuffAnswer>('/api/videoStuff', { days: 30, pageSize: 50 });
    expect(body).toMatchObject({ code: 200, days: 30, limited: false });
    expect(body.materials.length).toBeGreaterThan(0);
    const top = body.materials[0];
    if (!top) throw new Error('no material');
    expect(top).toMatchObject({ kind: 'bgm' });
    expect(top.tagName).toBe(`发现《${top.name}》`);
    expect(top.musicUrl).toContain(top.musicId);
    expect(top.trend.reduce((s, n) => s + n, 0)).toBe(top.videoNum);
    const end = await asOf();
    const r = await sql<{ n: string }>`
      SELECT count(*) AS n FROM video_materials vm JOIN videos v ON v.id = vm.video_id
      WHERE vm.material_id = ${top.materialId} AND v.status = 0
        AND v.pubdate > ${end}::timestamptz - interval '30 days' AND v.pubdate <= ${end}::timestamptz`.execute(
      t.ctx.db,
    );
    expect(top.videoNum).toBe(Number(r.rows[0]?.n));
    const rising = await get<VideoStuffAnswer>('/api/videoStuff', { days: 30, sort: 'rising', pageSize: 50 });
    const growth = rising.materials.map((m) => m.growthRate);
    expect([...growth].sort((a, b) => b - a)).toEqual(growth);
    expect((await get('/api/videoStuff', { days: 1 })).message).toBe(DiscoveryMsg.daysInvalid);
    expect((await get('/api/videoStuff', { sort: 'likes' })).message).toBe(DiscoveryMsg.sortInvalid);
    const deep = await get('/api/videoStuff', { pageNo: 3 }, free);
    expect(deep).toMatchObject({ code: -1, feature: 'ranking.full' });
  });

  it('details one material: figures, trend, creators and its videos by plays', async () => {
    const list = await get<VideoStuffAnswer>('/api/videoStuff', { days: 30 });
    const top = list.materials[0];
    if (!top) throw new Error('no material');
    const body = await get<VideoStuffDetailAnswer>('/api/videoStuffDetail', {
      materialId: top.materialId,
      days: 30,
      pageSize: 5,
    });
    expect(body.code).toBe(200);
    expect(body.material).toMatchObject({ materialId: top.materialId, name: top.name });
    expect(body.figures).toMatchObject({ videoNum: top.videoNum, kolNum: top.kolNum, playNum: top.playNum });
    expect(body.figures.allVideoNum).toBeGreaterThanOrEqual(top.videoNum);
    expect(body.trend.length).toBe(31);
    expect(body.videoInfos.length).toBe(Math.min(5, top.videoNum));
    expect((await get('/api/videoStuffDetail', { materialId: 0 })).message).toBe(ActivityMsg.materialIdInvalid);
    expect((await get('/api/videoStuffDetail', { materialId: 99_999_999 })).message).toBe(ActivityMsg.materialNotFound);
  });
});
