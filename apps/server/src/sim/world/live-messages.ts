/**
 * The message stream of a live room (what the platform pushes over its broadcast WebSocket): per world minute
 * of a session, `danmakuPerMinute` danmaku (live.ts), gifts whose intensity follows `giftsPerMinute`, now and
 * then a super chat (醒目留言) and, rarely, a guard purchase (上舰). Senders come from a pool of viewers per room
 * (so the same fans send again and top senders exist). Everything is a hash of (seed, mid, minute, i): the
 * messages of any minute can be computed at any time, in any order, and are the same every time.
 */
import { commenterName, DANMAKU_TEMPLATES } from './texts.js';
import { hash32, intIn, pickBy, poisson, Salt, unit, weightedPick } from './hash.js';
import { liveState } from './live.js';
import type { SimWorld } from './world.js';

const MINUTE_MS = 60_000;
/** viewers per room who send anything */
const POOL = 300;

/** name, price per unit in 金瓜子 (yuan × 1000; 0 = a free silver gift), weight */
const GIFTS: readonly (readonly [string, number, number])[] = [
  ['辣条', 0, 30],
  ['小心心', 0, 20],
  ['牛哇牛哇', 100, 20],
  ['小花花', 100, 12],
  ['打call', 500, 8],
  ['这个好诶', 1000, 5],
  ['干杯', 6600, 2],
  ['告白气球', 52000, 1],
];
const SC_PRICES: readonly (readonly [number, number])[] = [
  [30, 10],
  [50, 5],
  [100, 3],
  [500, 1],
];
const SC_TEXTS = ['主播加油！', '第一次看直播，好喜欢', '能唱一首吗', '今天状态太好了', '支持一下！', '生日快乐！'];
const GUARDS: readonly (readonly [number, string, number])[] = [
  [3, '舰长', 198_000],
  [2, '提督', 1_998_000],
  [1, '总督', 19_998_000],
];

/** A command and its send time (ms). */
export interface TimedCommand {
  ts: number;
  body: object;
}

export interface SimViewer {
  uid: number;
  uname: string;
}

export function viewerOf(world: SimWorld, mid: number, j: number): SimViewer {
  return {
    uid: 100_000_000 + (hash32(world.seed, Salt.liveMessage, mid, j, 1) % 900_000_000),
    uname: commenterName(world.seed, Salt.liveMessage, mid, j),
  };
}

/** A sender of minute `minute`: a few viewers send most (Zipf-like through the square of a uniform). */
function sender(world: SimWorld, mid: number, ...parts: number[]): SimViewer {
  const u = unit(world.seed, Salt.liveMessage, mid, ...parts);
  return viewerOf(world, mid, Math.floor(u * u * POOL));
}

/**
 * The commands (platform JSON, as sent in op-5 packets) of the room of creator `index` in the world minute
 * starting at `minuteMs`; [] when the room is not live then.
 */
export function liveMessagesOfMinute(world: SimWorld, index: number, minuteMs: number): TimedCommand[] {
  const live = liveState(world, index, minuteMs);
  if (!live || live.liveStatus !== 1) return [];
  const mid = world.spec(index).mid;
  const minute = Math.floor(minuteMs / MINUTE_MS);
  const s = world.seed;
  const at = (...parts: number[]) =>
    minute * MINUTE_MS + Math.floor(unit(s, Salt.liveMessage, mid, minute, ...parts) * MINUTE_MS);
  const out: TimedCommand[] = [];
  for (let i = 0; i < live.danmakuPerMinute; i++) {
    const ts = at(1, i);
    const who = sender(world, mid, minute, 2, i);
    const template = pickBy(
      unit(s, Salt.liveMessage, mid, minute, 3, i) < 0.8 ? DANMAKU_TEMPLATES.praise : DANMAKU_TEMPLATES.neutral,
      s,
      Salt.liveMessage,
      mid,
      minute,
      4,
      i,
    );
    const text = template.replaceAll('{up}', world.spec(index).name).replaceAll('{topic}', '');
    out.push({
      ts,
      body: {
        cmd: 'DANMU_MSG',
        info: [
          [0, 1, 25, 16777215, ts, hash32(s, mid, minute, i), 0, 'ffffffff', 0, 0, 0, '', 0, '{}', '{}'],
          text,
          [who.uid, who.uname, 0, 0, 0, 10000, 1, ''],
          [],
          [intIn(1, 40, s, Salt.liveMessage, who.uid), 0, 9868950, '>50000', 0],
          ['', ''],
          0,
          0,
          null,
          { ts: Math.floor(ts / 1000), ct: hexOf8(s, mid, minute, i) },
          0,
          0,
          null,
          null,
          0,
          105,
        ],
      },
    });
  }
  const giftCount = poisson(Math.min(25, 1 + live.giftsPerMinute * 2), unit(s, Salt.liveGift, mid, minute, 7), 60);
  for (let i = 0; i < giftCount; i++) {
    const ts = at(5, i);
    const who = sender(world, mid, minute, 6, i);
    const [giftName, price] = weightedPick(
      GIFTS.map(([name, p, w]) => [[name, p] as const, w] as const),
      unit(s, Salt.liveGift, mid, minute, 8, i),
    );
    const num =
      unit(s, Salt.liveGift, mid, minute, 9, i) < 0.8 ? 1 : intIn(2, 10, s, Salt.liveGift, mid, minute, 10, i);
    out.push({
      ts,
      body: {
        cmd: 'SEND_GIFT',
        data: {
          action: '投喂',
          giftId: 30_000 + GIFTS.findIndex((g) => g[0] === giftName),
          giftName,
          num,
          uname: who.uname,
          uid: who.uid,
          price,
          total_coin: price * num,
          coin_type: price > 0 ? 'gold' : 'silver',
          timestamp: Math.floor(ts / 1000),
          rnd: String(hash32(s, mid, minute, 11, i)),
        },
      },
    });
  }
  if (unit(s, Salt.liveMessage, mid, minute, 12) < Math.min(0.4, live.online / 4000)) {
    const ts = at(13);
    const who = sender(world, mid, minute, 14);
    const price = weightedPick(SC_PRICES, unit(s, Salt.liveMessage, mid, minute, 15));
    out.push({
      ts,
      body: {
        cmd: 'SUPER_CHAT_MESSAGE',
        data: {
          id: hash32(s, mid, minute, 16),
          uid: who.uid,
          price,
          message: pickBy(SC_TEXTS, s, Salt.liveMessage, mid, minute, 17),
          start_time: Math.floor(ts / 1000),
          end_time: Math.floor(ts / 1000) + 60,
          time: 60,
          user_info: { uname: who.uname, face: 'https://i0.hdslb.com/bfs/face/member/noface.jpg' },
        },
      },
    });
  }
  if (unit(s, Salt.liveMessage, mid, minute, 18) < Math.min(0.1, live.online / 20000)) {
    const ts = at(19);
    const who = sender(world, mid, minute, 20);
    const [level, name, price] = weightedPick(
      GUARDS.map((g, k) => [g, [90, 9, 1][k] ?? 1] as const),
      unit(s, Salt.liveMessage, mid, minute, 21),
    );
    out.push({
      ts,
      body: {
        cmd: 'GUARD_BUY',
        data: {
          uid: who.uid,
          username: who.uname,
          guard_level: level,
          num: 1,
          price,
          gift_id: 10_000 + level,
          gift_name: name,
          start_time: Math.floor(ts / 1000),
          end_time: Math.floor(ts / 1000),
        },
      },
    });
  }
  return out.sort((a, b) => a.ts - b.ts);
}

function hexOf8(...parts: number[]): string {
  return hash32(...parts)
    .toString(16)
    .padStart(8, '0');
}
