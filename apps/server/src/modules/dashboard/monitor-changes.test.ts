import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiCode,
  LIST_LIMITS,
  MONITOR_CARD_DAYS,
  featureBuilt,
  type DashboardAnswer,
  type MonitorChangesAnswer,
} from '@xg/shared';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { createMember, type TestMember } from '../membership/test-members.js';

/**
 * The dashboard card of a team's monitored creators (issue #15 item 1): the changes are hand-computed from
 * daily snapshots written here (creators of our own, so nothing of the demo world interferes), with the gap
 * rules of docs/metrics.md: no change over a gap since the previous snapshot, the 7-day change from day − 7 or
 * (marked) day − 6, none otherwise.
 */
let t: TestApp;
let L: string; // today in Asia/Shanghai
const ids: Record<'full' | 'gap' | 'fresh' | 'otherTeam' | 'unmonitored', number> = {
  full: 0,
  gap: 0,
  fresh: 0,
  otherTeam: 0,
  unmonitored: 0,
};

async function creator(mid: number, name: string, fans: number, days: [number, number][]): Promise<number> {
  const r = await sql<{ id: string }>`INSERT INTO creators (mid, name, fans) VALUES (${mid}, ${name}, ${fans})
    RETURNING id`.execute(t.ctx.db);
  const id = Number(r.rows[0]?.id);
  for (const [ago, value] of days) {
    await sql`INSERT INTO creator_daily (creator_id, day, fans, likes, plays, video_count)
      VALUES (${id}, ${L}::date - ${ago}::int, ${value}, 0, 0, 0)`.execute(t.ctx.db);
  }
  return id;
}

function shift(day: string, by: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + by * 86_400_000).toISOString().slice(0, 10);
}

beforeAll(async () => {
  t = await createTestApp();
  L = (await sql<{ d: string }>`SELECT ((now() AT TIME ZONE 'Asia/Shanghai')::date)::text AS d`.execute(t.ctx.db))
    .rows[0]!.d;
  // day − 7, −2, −1, today: a change since yesterday and a full 7-day change
  ids.full = await creator(881_000_000_001, '监测甲', 10_800, [
    [7, 10_000],
    [2, 10_400],
    [1, 10_500],
    [0, 10_800],
  ]);
  // day − 6, −2, today: yesterday missing (no change since the previous snapshot), week from day − 6
  ids.gap = await creator(881_000_000_002, '监测乙', 5_200, [
    [6, 5_000],
    [2, 5_300],
    [0, 5_200],
  ]);
  // one snapshot only
  ids.fresh = await creator(881_000_000_003, '监测丙', 777, [[0, 777]]);
  ids.otherTeam = await creator(881_000_000_004, '别队监测', 100, [[0, 100]]);
  ids.unmonitored = await creator(881_000_000_005, '未监测', 100, [[0, 100]]);
  // a video of yesterday and one of 10 days ago (outside the window); a fan event today and one 9 days ago
  await sql`INSERT INTO videos (aid, bvid, creator_id, title, pubdate, play) VALUES
    (881000001, 'BV1monitorA1', ${ids.full}, '监测甲的新视频', now() - interval '1 day', 4321),
    (881000002, 'BV1monitorA2', ${ids.full}, '监测甲的旧视频', now() - interval '10 days', 99)`.execute(t.ctx.db);
  await sql`INSERT INTO fan_events (creator_id, day, kind, delta, fans) VALUES
    (${ids.full}, ${L}::date, 'rise', 300, 10800),
    (${ids.full}, ${L}::date - 9, 'drop', -50, 9950)`.execute(t.ctx.db);
});
afterAll(async () => {
  await t.close();
});

const call = (
  m: TestMember,
  path: string,
  params: Record<string, string | number> = {},
  method: 'GET' | 'POST' = 'GET',
) => t.call(method, path, params, { token: m.token });
const changes = async (m: TestMember) =>
  (await call(m, '/api/dashboard/monitorChanges')).body as unknown as MonitorChangesAnswer;
async function monitor(m: TestMember, kolId: number, on = true) {
  expect((await call(m, '/api/user/addLinkKol', { type: 1, kolId }, 'POST')).body.code).toBe(ApiCode.OK);
  if (on) expect((await call(m, '/api/user/setOpenMonitor', { type: 1, kolId, isOpen: 1 })).body.code).toBe(200);
}

describe('GET /api/dashboard/monitorChanges', () => {
  it('answers an empty card (with the limit) before anything is monitored, and 401 without a session', async () => {
    const m = await createMember(t.ctx, { userType: 1 });
    expect(await changes(m)).toEqual({
      code: ApiCode.OK,
      message: expect.any(String),
      monitors: [],
      monitorCount: 0,
      monitorLimit: LIST_LIMITS.monitor[1],
      days: MONITOR_CARD_DAYS,
    });
    expect((await t.call('GET', '/api/dashboard/monitorChanges')).status).toBe(401);
  });

  it('gives each monitored creator its hand-computed changes, with gaps left empty; changes first', async () => {
    const parent = await createMember(t.ctx, { userType: 2 });
    const sub = await createMember(t.ctx, { userType: 0, parentId: parent.id });
    const other = await createMember(t.ctx, { userType: 2 });
    for (const id of [ids.fresh, ids.gap, ids.full]) await monitor(parent, id);
    await monitor(parent, ids.unmonitored, false);
    await monitor(other, ids.otherTeam);

    const body = await changes(sub); // the sub-account sees its team's card
    expect(body.monitorCount).toBe(3);
    expect(body.monitorLimit).toBe(LIST_LIMITS.monitor[2]);
    expect(body.monitors.map((m) => m.kolId)).toEqual([ids.full, ids.gap, ids.fresh]);
    const [full, gap, fresh] = body.monitors;
    expect(full).toMatchObject({
      kolName: '监测甲',
      kolUid: 881_000_000_001,
      fansNum: 10_800,
      latestDay: L,
      prevDay: shift(L, -1),
      dayChange: 300, // 10,800 − 10,500
      weekBaseDay: shift(L, -7),
      weekDays: 7,
      weekChange: 800, // 10,800 − 10,000
      newVideoNum: 1,
      fanEvents: [{ day: L, kind: 'rise', delta: 300 }],
    });
    expect(full?.newVideos).toEqual([
      { videoId: expect.any(Number), title: '监测甲的新视频', publishTime: expect.any(String), playNum: 4321 },
    ]);
    expect(gap).toMatchObject({
      latestDay: L,
      prevDay: shift(L, -2),
      dayChange: null, // the previous snapshot is two days old: no change across the gap
      weekBaseDay: shift(L, -6),
      weekDays: 6, // day − 7 missing: the start one day later stands in (按6天计)
      weekChange: 200,
      newVideoNum: 0,
      newVideos: [],
      fanEvents: [],
    });
    expect(fresh).toMatchObject({
      latestDay: L,
      prevDay: null,
      dayChange: null,
      weekBaseDay: null,
      weekDays: null,
      weekChange: null,
    });

    // team isolation: the other team sees its own creator only, never this team's
    const theirs = await changes(other);
    expect(theirs.monitors.map((m) => m.kolId)).toEqual([ids.otherTeam]);
    expect(JSON.stringify(theirs)).not.toContain('监测甲');

    // switched off: gone from the card
    await call(parent, '/api/user/setOpenMonitor', { type: 1, kolId: ids.gap, isOpen: 0 });
    expect((await changes(parent)).monitors.map((m) => m.kolId)).toEqual([ids.full, ids.fresh]);
  });

  it('a 7-day start more than one day late gives no 7-day change', async () => {
    const m = await createMember(t.ctx, { userType: 2 });
    const late = await creator(881_000_000_006, '监测丁', 900, [
      [8, 100], // before the window: never a stand-in
      [5, 500],
      [0, 900],
    ]);
    await monitor(m, late);
    expect((await changes(m)).monitors[0]).toMatchObject({
      prevDay: shift(L, -5),
      dayChange: null,
      weekChange: null,
      weekBaseDay: null,
    });
  });
});

describe('GET /api/dashboard: the team lists and no count of unbuilt monitoring', () => {
  it('answers the team’s saved-list sizes and limits, and monitorNum (the team’s monitor windows, a sub-account’s included)', async () => {
    const parent = await createMember(t.ctx, { userType: 1 });
    const sub = await createMember(t.ctx, { userType: 0, parentId: parent.id });
    await monitor(parent, ids.full);
    await monitor(parent, ids.gap, false);
    expect((await call(sub, '/api/user/addLinkKol', { type: 4, kolId: ids.full }, 'POST')).body.code).toBe(200);
    const video = await sql<{ id: string }>`SELECT id FROM videos WHERE bvid = 'BV1monitorA1'`.execute(t.ctx.db);
    await call(sub, '/api/user/addLinkVideo', { type: 1, videoId: Number(video.rows[0]?.id) }, 'POST');
    await sql`INSERT INTO monitor_targets (kind, video_id, window_start, window_end, created_by, team_id, source)
      VALUES ('video', ${Number(video.rows[0]?.id)}, now(), now() + interval '1 day', ${sub.id}::bigint,
        ${parent.id}::bigint, 'monitor')`.execute(t.ctx.db);

    const body = (await call(parent, '/api/dashboard')).body as unknown as DashboardAnswer;
    expect(body.myLists).toEqual({
      collectKolNum: 2,
      putKolNum: 1,
      collectVideoNum: 1,
      kolLimit: LIST_LIMITS.linkKol[1],
      videoLimit: LIST_LIMITS.linkVideo[1],
      monitorKolNum: 1,
      monitorLimit: LIST_LIMITS.monitor[1],
    });
    expect(body.monitorNum).toBe(featureBuilt('monitor.video') || featureBuilt('monitor.live') ? 1 : null);
    const stranger = await createMember(t.ctx, { userType: 1 });
    expect(((await call(stranger, '/api/dashboard')).body as unknown as DashboardAnswer).myLists).toMatchObject({
      collectKolNum: 0,
      putKolNum: 0,
      collectVideoNum: 0,
      monitorKolNum: 0,
    });
  });
});
