/**
 * The live commands the collector keeps, parsed from op-5 JSON bodies (field positions as the platform sends
 * them): DANMU_MSG (`info[0][4]` send time in ms, `info[1]` text, `info[2][0..1]` uid and name), SEND_GIFT
 * (`data.giftName`, `num`, `uname`, `uid`, `total_coin` in 金瓜子 = yuan × 1000, `coin_type` gold | silver —
 * silver gifts are free, value 0 — `timestamp` in s), SUPER_CHAT_MESSAGE (`data.price` in yuan, `message`,
 * `start_time` s, `uid`, `user_info.uname`), GUARD_BUY (`data.price` in 金瓜子 per unit, `num`, `gift_name`,
 * `username`, `uid`, `start_time` s). Other commands (INTERACT_WORD, ONLINE_RANK_COUNT, …) are ignored.
 */
import { z } from 'zod';

export type LiveMessageKind = 'danmaku' | 'gift' | 'superchat' | 'guard';

export interface LiveMessage {
  kind: LiveMessageKind;
  /** send time, ms */
  ts: number;
  uid: number;
  uname: string;
  /** danmaku / super-chat text, the gift's or guard's name */
  text: string;
  /** gift count or guard months */
  num: number;
  /** CNY, two decimals (0 for danmaku and free gifts) */
  value: number;
}

const n = z.coerce.number();
const Danmu = z.object({
  cmd: z.string(),
  info: z.tuple([z.array(z.unknown()), z.string(), z.tuple([n, z.string()]).rest(z.unknown())]).rest(z.unknown()),
});
const Gift = z.object({
  data: z.object({
    giftName: z.string(),
    num: n,
    uname: z.string(),
    uid: n,
    total_coin: n,
    coin_type: z.string(),
    timestamp: n,
  }),
});
const SuperChat = z.object({
  data: z.object({
    uid: n,
    price: n,
    message: z.string(),
    start_time: n,
    user_info: z.object({ uname: z.string() }),
  }),
});
const Guard = z.object({
  data: z.object({
    uid: n,
    username: z.string(),
    gift_name: z.string(),
    num: n,
    price: n,
    start_time: n,
  }),
});

const yuan = (v: number) => Math.round(v * 100) / 100;

/** One op-5 body → a kept message, or null (another command, or a body that does not parse). */
export function parseLiveCommand(body: string): LiveMessage | null {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return null;
  }
  if (typeof json !== 'object' || json === null) return null;
  const rawCmd = (json as { cmd?: unknown }).cmd;
  const cmd = typeof rawCmd === 'string' ? rawCmd.split(':')[0] : '';
  switch (cmd) {
    case 'DANMU_MSG': {
      const d = Danmu.safeParse(json);
      if (!d.success) return null;
      const ts = Number(d.data.info[0][4]);
      if (!Number.isFinite(ts)) return null;
      const [uid, uname] = d.data.info[2];
      return { kind: 'danmaku', ts, uid, uname, text: d.data.info[1], num: 1, value: 0 };
    }
    case 'SEND_GIFT': {
      const g = Gift.safeParse(json);
      if (!g.success) return null;
      const x = g.data.data;
      const value = x.coin_type === 'gold' ? yuan(x.total_coin / 1000) : 0;
      return { kind: 'gift', ts: x.timestamp * 1000, uid: x.uid, uname: x.uname, text: x.giftName, num: x.num, value };
    }
    case 'SUPER_CHAT_MESSAGE': {
      const s = SuperChat.safeParse(json);
      if (!s.success) return null;
      const x = s.data.data;
      return {
        kind: 'superchat',
        ts: x.start_time * 1000,
        uid: x.uid,
        uname: x.user_info.uname,
        text: x.message,
        num: 1,
        value: yuan(x.price),
      };
    }
    case 'GUARD_BUY': {
      const g = Guard.safeParse(json);
      if (!g.success) return null;
      const x = g.data.data;
      return {
        kind: 'guard',
        ts: x.start_time * 1000,
        uid: x.uid,
        uname: x.username,
        text: x.gift_name,
        num: x.num,
        value: yuan((x.price * x.num) / 1000),
      };
    }
    default:
      return null;
  }
}
