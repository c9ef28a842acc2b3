/**
 * The live message stream end to end on the simulator: a monitored room that goes live gets a connection
 * (getDanmuInfo → WebSocket `/sub`, auth, brotli batches), its danmaku, gifts, super chats and guards land in
 * live_messages exactly as the simulated world sent them, and each whole minute the stream covered gets its
 * danmaku count and paid value on the minute sample. Minutes before the connection stay null (not zero).
 * Also the protocol codec itself (packets, compressed runs, the commands kept).
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.js';
import { usePipelineKit } from '../../../test/pipeline-kit.js';
import { earliestLongLiveSession } from '../../jobs/test-kit.js';
import { parseLiveCommand } from '../../providers/bilibili/live-stream/commands.js';
import {
  Op,
  Ver,
  decodePackets,
  encodeHeartbeatReply,
  encodeMessages,
  encodePacket,
} from '../../providers/bilibili/live-stream/packet.js';
import { sessionAt } from '../../sim/world/live.js';
import { liveMessagesOfMinute } from '../../sim/world/live-messages.js';

const MINUTE = 60_000;

describe('the live packet codec', () => {
  it('round-trips plain, zlib and brotli packets and keeps the four commands', () => {
    const danmu = {
      cmd: 'DANMU_MSG',
      info: [[0, 1, 25, 16777215, 1_700_000_000_123], '好耶', [42, '观众甲'], []],
    };
    const gift = {
      cmd: 'SEND_GIFT',
      data: {
        giftName: '小花花',
        num: 3,
        uname: '观众乙',
        uid: 7,
        total_coin: 300,
        coin_type: 'gold',
        timestamp: 1_700_000_001,
      },
    };
    const silver = { cmd: 'SEND_GIFT', data: { ...gift.data, giftName: '辣条', coin_type: 'silver', total_coin: 0 } };
    const sc = {
      cmd: 'SUPER_CHAT_MESSAGE',
      data: { uid: 9, price: 30, message: '加油', start_time: 1_700_000_002, user_info: { uname: '观众丙' } },
    };
    const guard = {
      cmd: 'GUARD_BUY',
      data: { uid: 5, username: '观众丁', gift_name: '舰长', num: 2, price: 198_000, start_time: 1_700_000_003 },
    };
    const other = { cmd: 'INTERACT_WORD', data: {} };
    for (const ver of [Ver.ZLIB, Ver.BROTLI] as const) {
      const packets = decodePackets(encodeMessages([danmu, gift, silver, sc, guard, other], ver));
      expect(packets.map((p) => [p.op, p.ver])).toEqual(Array(6).fill([Op.MESSAGE, Ver.JSON]));
      const kept = packets.map((p) => parseLiveCommand(p.body.toString('utf8')));
      expect(kept).toEqual([
        { kind: 'danmaku', ts: 1_700_000_000_123, uid: 42, uname: '观众甲', text: '好耶', num: 1, value: 0 },
        { kind: 'gift', ts: 1_700_000_001_000, uid: 7, uname: '观众乙', text: '小花花', num: 3, value: 0.3 },
        { kind: 'gift', ts: 1_700_000_001_000, uid: 7, uname: '观众乙', text: '辣条', num: 3, value: 0 },
        { kind: 'superchat', ts: 1_700_000_002_000, uid: 9, uname: '观众丙', text: '加油', num: 1, value: 30 },
        { kind: 'guard', ts: 1_700_000_003_000, uid: 5, uname: '观众丁', text: '舰长', num: 2, value: 396 },
        null,
      ]);
    }
    const two = Buffer.concat([encodeHeartbeatReply(1234), encodePacket(Op.AUTH_REPLY, { code: 0 })]);
    const [hb, auth] = decodePackets(two);
    expect(hb?.body.readUInt32BE(0)).toBe(1234);
    expect(auth?.op).toBe(Op.AUTH_REPLY);
    // a truncated frame yields the packets before the damage; garbage yields nothing
    expect(decodePackets(two.subarray(0, two.length - 3))).toHaveLength(1);
    expect(parseLiveCommand('not json')).toBeNull();
    expect(parseLiveCommand('{"cmd":"DANMU_MSG","info":[]}')).toBeNull();
  });
});

describe('a monitored room that goes live', () => {
  const t = useTestApp();
  const kit = usePipelineKit(t);

  /** One scheduler tick, the minute jobs, then a wall second for the simulator's push, then the next minute. */
  async function step(): Promise<void> {
    const report = await kit.pipeline.scheduler.tick();
    expect(report.errors).toEqual([]);
    await kit.pipeline.runPending({ names: ['monitor.live-sample'] });
    kit.clock.advance(MINUTE);
    await new Promise((r) => setTimeout(r, 1300));
  }

  it('serves getDanmuInfo, and an operator session puts an offline room on air', async () => {
    const world = kit.sim.world;
    const rows = await t.ctx.db
      .selectFrom('creators')
      .select(['mid', 'live_room_id'])
      .where('live_room_id', 'is not', null)
      .execute();
    const off = rows.find((c) => {
      const index = world.creatorIndexByMid(Number(c.mid));
      return index !== undefined && sessionAt(world, index, world.worldTime()) === null;
    });
    if (!off) throw new Error('no offline room');
    const info = await kit.sim.app.inject(`/xlive/web-room/v1/index/getDanmuInfo?id=${off.live_room_id}&type=0`);
    const body = JSON.parse(info.body) as { code: number; data: { token: string; host_list: { host: string }[] } };
    expect(body.code).toBe(0);
    expect(body.data.token).toMatch(/^[0-9a-f]{48}$/);
    expect(body.data.host_list.length).toBe(1);
    const unknown = JSON.parse((await kit.sim.app.inject('/xlive/web-room/v1/index/getDanmuInfo?id=1')).body) as {
      code: number;
    };
    expect(unknown.code).not.toBe(0);

    const before = JSON.parse(
      (await kit.sim.app.inject(`/room/v1/Room/get_info?room_id=${off.live_room_id}`)).body,
    ) as {
      data: { live_status: number };
    };
    expect(before.data.live_status).not.toBe(1);
    const onAir = await kit.sim.app.inject({
      method: 'POST',
      url: `/__sim/live-session?room_id=${off.live_room_id}&minutes=30`,
    });
    expect(onAir.statusCode).toBe(200);
    const after = JSON.parse((await kit.sim.app.inject(`/room/v1/Room/get_info?room_id=${off.live_room_id}`)).body) as {
      data: { live_status: number; online: number };
    };
    expect(after.data).toMatchObject({ live_status: 1 });
    expect(after.data.online).toBeGreaterThan(0);
    expect(
      (await kit.sim.app.inject({ method: 'POST', url: '/__sim/live-session?room_id=1&minutes=30' })).statusCode,
    ).toBe(404);
    expect((await kit.sim.app.inject({ method: 'POST', url: '/__sim/live-session?room_id=x' })).statusCode).toBe(400);
  });

  it('streams its messages into live_messages and fills the covered minutes', async () => {
    const world = kit.sim.world;
    const from = kit.clock.now() + 10 * MINUTE;
    // the room whose long session starts first: some traffic, so every kind of message has a chance
    const found = await earliestLongLiveSession(t.ctx.db, world, from);
    const pick = { ...found.pick, room: Number(found.pick.room) };
    const start = Math.ceil(pick.session.startMs / MINUTE) * MINUTE;
    const windowEnd = start + 8 * MINUTE;
    await t.ctx.db
      .insertInto('monitor_targets')
      .values({
        kind: 'live',
        creator_id: pick.id,
        window_start: new Date(start - 2 * MINUTE),
        window_end: new Date(windowEnd),
      })
      .execute();
    kit.clock.set(start - 2 * MINUTE);
    while (kit.clock.now() <= windowEnd + 2 * MINUTE) await step();
    await kit.pipeline.monitor.streams.flush();

    const samples = await sql<{ ts: Date; danmaku_rate: number | null; gift_value: string | null }>`
      SELECT ts, danmaku_rate, gift_value FROM live_samples WHERE room_id = ${pick.room} ORDER BY ts`.execute(t.ctx.db);
    expect(samples.rows.length).toBeGreaterThanOrEqual(8);
    const connectedAt = new Date(samples.rows[0]!.ts).getTime();
    // the stream opened at the first live minute: that minute and each later whole minute are counted
    let checked = 0;
    let danmakuSeen = 0;
    for (const s of samples.rows) {
      const ms = new Date(s.ts).getTime();
      if (ms > windowEnd - MINUTE) continue; // the last minutes are recounted after the window; not checked here
      const sent = liveMessagesOfMinute(world, pick.index, ms);
      const danmaku = sent.filter((c) => (c.body as { cmd: string }).cmd === 'DANMU_MSG').length;
      expect(s.danmaku_rate, new Date(ms).toISOString()).toBe(danmaku);
      danmakuSeen += danmaku;
      checked += 1;
    }
    expect(checked).toBeGreaterThanOrEqual(6);
    expect(danmakuSeen).toBeGreaterThan(0);

    // every stored message is one the world sent in the covered time, once
    const stored = await sql<{ ts: Date; kind: string; text: string; uid: string }>`
      SELECT ts, kind, text, uid FROM live_messages WHERE room_id = ${pick.room} ORDER BY ts`.execute(t.ctx.db);
    const sentAll = new Map<string, number>();
    for (let ms = connectedAt; ms < windowEnd + 2 * MINUTE; ms += MINUTE) {
      for (const c of liveMessagesOfMinute(world, pick.index, ms)) {
        const b = c.body as { cmd: string };
        const kind = { DANMU_MSG: 'danmaku', SEND_GIFT: 'gift', SUPER_CHAT_MESSAGE: 'superchat', GUARD_BUY: 'guard' }[
          b.cmd
        ];
        sentAll.set(`${kind}@${kind === 'danmaku' ? c.ts : Math.floor(c.ts / 1000) * 1000}`, 1);
      }
    }
    expect(stored.rows.length).toBeGreaterThan(0);
    for (const m of stored.rows) {
      expect(
        sentAll.has(`${m.kind}@${new Date(m.ts).getTime()}`),
        `${m.kind} ${m.text} ${new Date(m.ts).toISOString()} connected ${new Date(connectedAt).toISOString()} end ${new Date(windowEnd).toISOString()}`,
      ).toBe(true);
    }
  }, 120_000);
});
