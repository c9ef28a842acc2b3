/**
 * Live monitoring through the HTTP API against real PostgreSQL (no pipeline in this process: a room unknown to
 * the database cannot be looked up and answers 未找到该直播间). Every way to name a room and each bad input with
 * its message (nothing written), the §6 gate and durations, the window rule, the limit, duplicates, owner
 * isolation, and the report / messages / sortData figures against a computation from rows written here.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiCode,
  LiveMsg,
  MemberMsg,
  Msg,
  PutMsg,
  featureDeniedMessage,
  listLimit,
  parseLiveRoomLink,
  type LiveMonitorItem,
  type LiveMessageItem,
  type LiveMonitorReport,
  type LiveSortItem,
} from '@xg/shared';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { createMember, type TestMember } from '../membership/test-members.js';

let t: TestApp;
let rooms: { creatorId: number; mid: number; roomId: number; name: string }[];
let roomless: { creatorId: number; mid: number };
beforeAll(async () => {
  t = await createTestApp();
  const r = await sql<{ id: string; mid: string; live_room_id: string; name: string }>`
    SELECT id, mid, live_room_id, name FROM creators WHERE live_room_id IS NOT NULL ORDER BY id LIMIT 8`.execute(
    t.ctx.db,
  );
  rooms = r.rows.map((x) => ({
    creatorId: Number(x.id),
    mid: Number(x.mid),
    roomId: Number(x.live_room_id),
    name: x.name,
  }));
  const n = await sql<{ id: string; mid: string }>`
    SELECT id, mid FROM creators WHERE live_room_id IS NULL ORDER BY id LIMIT 1`.execute(t.ctx.db);
  roomless = { creatorId: Number(n.rows[0]!.id), mid: Number(n.rows[0]!.mid) };
  expect(rooms.length).toBe(8);
});
afterAll(async () => {
  await t.close();
});

const room = (i: number) => rooms[i]!;
const call = (m: TestMember, method: 'GET' | 'POST', path: string, params: Record<string, string | number> = {}) =>
  t.call(method, path, params, { token: m.token });
const add = (m: TestMember, params: Record<string, string | number>) => call(m, 'POST', '/api/live/addMonitor', params);
const liveTargets = async (teamId: string) =>
  Number(
    (
      await sql<{
        n: string;
      }>`SELECT count(*) AS n FROM monitor_targets WHERE team_id = ${teamId} AND kind = 'live'`.execute(t.ctx.db)
    ).rows[0]!.n,
  );

describe('parseLiveRoomLink', () => {
  it('reads room links, room numbers, homepages and UIDs, and nothing else', () => {
    expect(parseLiveRoomLink('https://live.bilibili.com/21452505?spm_id_from=333')).toEqual({ roomId: 21452505 });
    expect(parseLiveRoomLink('live.bilibili.com/h5/123')).toEqual({ roomId: 123 });
    expect(parseLiveRoomLink(' 6 ')).toEqual({ roomId: 6 });
    expect(parseLiveRoomLink('https://space.bilibili.com/546195/video')).toEqual({ mid: 546195 });
    expect(parseLiveRoomLink('UID:546195')).toEqual({ mid: 546195 });
    for (const bad of [
      '',
      'hello',
      'https://live.bilibili.com/',
      'https://www.bilibili.com/video/BV1xx411c7mD',
      '0',
      '-5',
    ]) {
      expect(parseLiveRoomLink(bad), bad).toBeNull();
    }
  });
});

describe('live/addMonitor', () => {
  it('adds a window by room link, room number, homepage and kolId; the target belongs to the team', async () => {
    const m = await createMember(t.ctx, { userType: 3 });
    const byLink = await add(m, { roomUrl: `https://live.bilibili.com/${room(0).roomId}`, monitorDuration: 1 });
    expect(byLink.body).toMatchObject({ code: ApiCode.OK, message: LiveMsg.added, roomId: room(0).roomId });
    const byNumber = await add(m, { roomUrl: String(room(1).roomId), monitorDuration: 2 });
    expect(byNumber.body).toMatchObject({ code: ApiCode.OK, roomId: room(1).roomId });
    const byHome = await add(m, { roomUrl: `https://space.bilibili.com/${room(2).mid}`, monitorDuration: 3 });
    expect(byHome.body).toMatchObject({ code: ApiCode.OK, roomId: room(2).roomId });
    const byKol = await add(m, { kolId: room(3).creatorId, monitorDuration: 7 });
    expect(byKol.body).toMatchObject({ code: ApiCode.OK, roomId: room(3).roomId });

    const row = (
      await sql<{ window_start: Date; window_end: Date; creator_id: string; source: string; room_id: string }>`
        SELECT window_start, window_end, creator_id, source, room_id FROM monitor_targets WHERE id = ${Number(byKol.body.id)}`.execute(
        t.ctx.db,
      )
    ).rows[0]!;
    expect(row).toMatchObject({
      source: 'monitor',
      creator_id: String(room(3).creatorId),
      room_id: String(room(3).roomId),
    });
    expect(new Date(row.window_end).getTime() - new Date(row.window_start).getTime()).toBe(168 * 3600_000);
    expect(Math.abs(new Date(row.window_start).getTime() - Date.now())).toBeLessThan(60_000);

    const list = (await call(m, 'GET', '/api/live/monitorHistory')).body;
    expect(list).toMatchObject({ code: ApiCode.OK, total: 4, limit: listLimit('monitor', 3), intervalSeconds: 60 });
    const items = list.monitors as LiveMonitorItem[];
    expect(items.map((i) => [i.roomId, i.monitorDuration, i.monitorState])).toEqual([
      [room(3).roomId, 7, 'monitoring'],
      [room(2).roomId, 3, 'monitoring'],
      [room(1).roomId, 2, 'monitoring'],
      [room(0).roomId, 1, 'monitoring'],
    ]);
    expect(items[0]).toMatchObject({
      kolId: room(3).creatorId,
      kolName: room(3).name,
      roomUrl: `https://live.bilibili.com/${room(3).roomId}`,
    });
  });

  it('answers each bad input with its message and writes nothing', async () => {
    const m = await createMember(t.ctx, { userType: 3 });
    const cases: [Record<string, string | number>, string][] = [
      [{}, LiveMsg.roomRequired],
      [{ roomUrl: '   ' }, LiveMsg.roomRequired],
      [{ roomUrl: 'https://www.bilibili.com/video/BV1xx411c7mD' }, LiveMsg.roomBadFormat],
      [{ roomUrl: 'hello' }, LiveMsg.roomBadFormat],
      [{ roomUrl: 'a'.repeat(301) }, Msg.textTooLong],
      [{ roomUrl: 'https://live.bilibili.com/\u0000' }, Msg.textInvalid],
      [{ roomUrl: '999999999' }, LiveMsg.roomMissing],
      [{ kolId: 99_999_999 }, LiveMsg.roomMissing],
      [{ kolId: 'abc' }, LiveMsg.roomMissing],
      [{ kolId: roomless.creatorId }, LiveMsg.creatorNoRoom],
      [{ roomUrl: `https://space.bilibili.com/${roomless.mid}` }, LiveMsg.creatorNoRoom],
      [{ roomUrl: String(room(0).roomId), monitorDuration: 0 }, PutMsg.durationInvalid],
      [{ roomUrl: String(room(0).roomId), monitorDuration: 5 }, PutMsg.durationInvalid],
      [{ roomUrl: String(room(0).roomId), sTime: Date.now() - 3600_000 }, PutMsg.windowInPast],
      [{ roomUrl: String(room(0).roomId), sTime: 'yesterday' }, PutMsg.timeInvalid],
    ];
    for (const [params, message] of cases) {
      const r = await add(m, params);
      expect(r.body, JSON.stringify(params)).toMatchObject({ code: ApiCode.FAIL, message });
    }
    expect(await liveTargets(m.id)).toBe(0);
  });

  it('follows the §6 gate and durations, refuses a second window on a room, and keeps the limit', async () => {
    const free = await createMember(t.ctx, { userType: 1 });
    expect((await add(free, { roomUrl: String(room(0).roomId) })).body).toMatchObject({
      code: ApiCode.FAIL,
      message: featureDeniedMessage('monitor.live'),
    });
    expect((await call(free, 'GET', '/api/live/monitorHistory')).body).toMatchObject({
      code: ApiCode.FAIL,
      message: featureDeniedMessage('monitor.live'),
    });
    const pro = await createMember(t.ctx, { userType: 2 });
    expect((await add(pro, { roomUrl: String(room(0).roomId), monitorDuration: 3 })).body).toMatchObject({
      message: MemberMsg.monitorLong,
    });
    expect((await add(pro, { roomUrl: String(room(0).roomId), monitorDuration: 2 })).body.code).toBe(ApiCode.OK);
    expect((await add(pro, { roomUrl: String(room(0).roomId), monitorDuration: 1 })).body).toMatchObject({
      code: ApiCode.FAIL,
      message: LiveMsg.alreadyMonitored,
    });
    expect(await liveTargets(pro.id)).toBe(1);

    // the limit: LIST_LIMITS.monitor live windows that have not ended
    const max = listLimit('monitor', 2);
    // windows on rooms of other creators, written directly up to one below the limit, then one by the API
    for (let k = 0; k < max - 2; k++) {
      await sql`INSERT INTO monitor_targets (kind, room_id, window_start, window_end, team_id, source)
        VALUES ('live', ${900_000 + k}, now(), now() + interval '1 day', ${pro.id}, 'monitor')`.execute(t.ctx.db);
    }
    expect((await add(pro, { roomUrl: String(room(1).roomId) })).body.code).toBe(ApiCode.OK);
    const over = await add(pro, { roomUrl: String(room(2).roomId) });
    expect(over.body).toMatchObject({ code: ApiCode.FAIL, message: LiveMsg.limit(max), limit: max });
    expect(await liveTargets(pro.id)).toBe(max);
  });

  it('keeps teams apart: another team sees nothing and gets "missing" for our id; a sub-account shares', async () => {
    const owner = await createMember(t.ctx, { userType: 3 });
    const id = (await add(owner, { roomUrl: String(room(4).roomId) })).body.id as number;
    const other = await createMember(t.ctx, { userType: 3 });
    expect((await call(other, 'GET', '/api/live/monitorHistory')).body).toMatchObject({ total: 0, monitors: [] });
    for (const [method, path] of [
      ['GET', '/api/live/monitorHistory'],
      ['GET', '/api/live/sortData'],
      ['GET', '/api/live/messages'],
      ['POST', '/api/live/delMonitor'],
    ] as const) {
      const r = await call(other, method, path, { id });
      expect(r.body, path).toMatchObject({ code: ApiCode.FAIL, message: LiveMsg.monitorMissing });
    }
    const sub = await createMember(t.ctx, { userType: 0, parentId: owner.id });
    expect((await call(sub, 'GET', '/api/live/monitorHistory')).body.total).toBe(1);
    expect((await call(owner, 'POST', '/api/live/delMonitor', { id })).body).toMatchObject({
      code: ApiCode.OK,
      message: LiveMsg.deleted,
    });
    expect((await call(owner, 'POST', '/api/live/delMonitor', { id })).body.message).toBe(LiveMsg.monitorMissing);
    expect((await call(owner, 'GET', '/api/live/monitorHistory', { id: 'x' })).body.message).toBe(
      LiveMsg.monitorMissing,
    );
  });
});

type Page = { messages: LiveMessageItem[]; next: string | null };

describe('the window report, messages and sortData', () => {
  it('computes the curve, sessions and figures from the samples and messages inside the window', async () => {
    const m = await createMember(t.ctx, { userType: 3 });
    const r = room(5);
    const id = (await add(m, { roomUrl: String(r.roomId) })).body.id as number;
    const start = new Date(
      (await sql<{ window_start: Date }>`SELECT window_start FROM monitor_targets WHERE id = ${id}`.execute(t.ctx.db))
        .rows[0]!.window_start,
    ).getTime();
    const minute = Math.ceil(start / 60_000) * 60_000;
    // two sessions: minutes 0..4 and 20..22; one sample before the window (not counted)
    const samples: [number, number, number | null, string | null][] = [
      [-120, 999_999, 9, '1.00'],
      [0, 100, 4, '0.00'],
      [1, 150, 6, '1.10'],
      [2, 300, null, null],
      [3, 250, 5, '52.00'],
      [4, 200, 3, '0.00'],
      [20, 80, 2, '30.00'],
      [21, 120, 1, '0.00'],
      [22, 90, 0, '0.00'],
    ];
    for (const [k, online, dm, gift] of samples) {
      await sql`INSERT INTO live_samples (room_id, creator_id, ts, live_status, online, danmaku_rate, gift_value)
        VALUES (${r.roomId}, ${r.creatorId}, ${new Date(minute + k * 60_000).toISOString()}::timestamptz, 1, ${online}, ${dm}, ${gift})`.execute(
        t.ctx.db,
      );
    }
    const msgs: [number, string, number, string, string, number, string][] = [
      [-7200, 'danmaku', 1, '早', '早', 1, '0'],
      [5, 'danmaku', 1, '甲', '好耶', 1, '0'],
      [6, 'danmaku', 2, '乙', '666', 1, '0'],
      [7, 'danmaku', 1, '甲', '前方高能', 1, '0'],
      [65, 'gift', 2, '乙', '牛哇牛哇', 11, '1.10'],
      [70, 'gift', 3, '丙', '辣条', 5, '0'],
      [190, 'gift', 3, '丙', '告白气球', 1, '52.00'],
      [1210, 'superchat', 1, '甲', '主播加油！', 1, '30.00'],
      [1300, 'guard', 4, '丁', '舰长', 1, '198.00'],
    ];
    for (const [s, kind, uid, uname, text, n, value] of msgs) {
      await sql`INSERT INTO live_messages (room_id, ts, kind, uid, uname, text, num, value)
        VALUES (${r.roomId}, ${new Date(minute + s * 1000).toISOString()}::timestamptz, ${kind}, ${uid}, ${uname}, ${text}, ${n}, ${value})`.execute(
        t.ctx.db,
      );
    }

    const report = (await call(m, 'GET', '/api/live/monitorHistory', { id })).body as unknown as LiveMonitorReport & {
      code: number;
    };
    expect(report.code).toBe(ApiCode.OK);
    expect(report.points.map((p) => p.online)).toEqual([100, 150, 300, 250, 200, 80, 120, 90]);
    expect(report.points[2]).toMatchObject({ danmaku: null, giftValue: null });
    expect(report.sessions).toEqual([
      expect.objectContaining({ minutes: 5, peakOnline: 300, avgOnline: 200 }),
      expect.objectContaining({ minutes: 3, peakOnline: 120, avgOnline: Math.round(290 / 3) }),
    ]);
    expect(report.figures).toMatchObject({
      samples: 8,
      peakOnline: 300,
      peakAt: new Date(minute + 2 * 60_000).toISOString(),
      avgOnline: Math.round(1290 / 8),
      danmakuTotal: 3,
      // covered minutes only (the null minute is not a zero): (4+6+5+3+2+1+0) / 7
      danmakuPerMinute: Math.round((21 / 7) * 10) / 10,
      giftCount: 17,
      giftValue: '53.10',
      superchatCount: 1,
      superchatValue: '30.00',
      guardCount: 1,
      guardValue: '198.00',
      paidValue: '281.10',
      senders: 4,
    });
    expect(report.monitor).toMatchObject({ id, samples: 8, peakOnline: 300 });

    const byValue = (await call(m, 'GET', '/api/live/sortData', { id, type: 1 })).body as unknown as {
      items: LiveSortItem[];
    };
    expect(byValue.items.map((i) => [i.rank, i.uname, i.value])).toEqual([
      [1, '丁', '198.00'],
      [2, '丙', '52.00'],
      [3, '甲', '30.00'],
      [4, '乙', '1.10'],
    ]);
    const byDanmaku = (await call(m, 'GET', '/api/live/sortData', { id, type: 2 })).body as unknown as {
      items: LiveSortItem[];
    };
    expect(byDanmaku.items.map((i) => [i.uname, i.danmaku])).toEqual([
      ['甲', 2],
      ['乙', 1],
    ]);
    expect((await call(m, 'GET', '/api/live/sortData', { id, type: 3 })).body).toMatchObject({
      code: ApiCode.FAIL,
      message: LiveMsg.sortTypeInvalid,
    });

    const page1 = (await call(m, 'GET', '/api/live/messages', { id, size: 5 })).body as unknown as Page;
    expect(page1.messages.map((x) => x.text)).toEqual(['舰长', '主播加油！', '告白气球', '辣条', '牛哇牛哇']);
    const page2 = (await call(m, 'GET', '/api/live/messages', { id, size: 5, before: page1.next! }))
      .body as unknown as Page;
    expect(page2.messages.map((x) => x.text)).toEqual(['前方高能', '666', '好耶']);
    expect(page2.next).toBeNull();
    const paid = (await call(m, 'GET', '/api/live/messages', { id, kind: 'paid' })).body;
    expect(paid.messages).toHaveLength(5);
    const sc = (await call(m, 'GET', '/api/live/messages', { id, kind: 'superchat' })).body;
    expect(sc.messages).toEqual([expect.objectContaining({ uname: '甲', value: '30.00', kind: 'superchat' })]);
    expect((await call(m, 'GET', '/api/live/messages', { id, kind: 'spam' })).body.message).toBe(LiveMsg.kindInvalid);
  });
});

describe('getLiveBasic', () => {
  it('answers a known room by room id or creator, and refuses the rest in words', async () => {
    const m = await createMember(t.ctx, { userType: 0 });
    const byRoom = (await call(m, 'GET', '/api/getLiveBasic', { roomId: room(6).roomId })).body;
    expect(byRoom).toMatchObject({
      code: ApiCode.OK,
      roomId: room(6).roomId,
      kolId: room(6).creatorId,
      kolName: room(6).name,
    });
    const byKol = (await call(m, 'GET', '/api/getLiveBasic', { kolId: room(6).creatorId })).body;
    expect(byKol).toMatchObject({ roomId: room(6).roomId });
    expect((await call(m, 'GET', '/api/getLiveBasic')).body.message).toBe(LiveMsg.roomRequired);
    expect((await call(m, 'GET', '/api/getLiveBasic', { roomId: 999_999_999 })).body.message).toBe(LiveMsg.roomMissing);
    expect((await call(m, 'GET', '/api/getLiveBasic', { kolId: roomless.creatorId })).body.message).toBe(
      LiveMsg.creatorNoRoom,
    );
    const anon = await t.call('GET', '/api/getLiveBasic', { roomId: room(6).roomId }, { token: null });
    expect(anon.status).toBe(401);
  });
});
