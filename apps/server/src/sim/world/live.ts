/**
 * Live rooms: each creator with a room (the demo world gives one to ~20 % of creators) goes live on a
 * deterministic share of days, at an evening-weighted hour, for 1–5 hours; sessions may cross midnight.
 * Creators the demo world marks as live (`isLive`) are in a session that spans the epoch, so the database
 * and the simulator agree at the start. While live: online viewers (ramp-up, minute-level noise), a
 * danmaku rate and gift revenue, all hashes of (seed, mid, minute).
 */
import { DAY_MS } from '../../db/seed/world/days.js';
import { intIn, normal, pickBy, Salt, unit, weightedPick } from './hash.js';
import { LIVE_TITLES, liveAreaOf, topicWord, type LiveArea } from './texts.js';
import type { SimWorld } from './world.js';

const HOUR_MS = 3600_000;
const MINUTE_MS = 60_000;
const START_HOURS: readonly (readonly [number, number])[] = [
  [10, 1],
  [12, 2],
  [14, 2],
  [16, 2],
  [18, 3],
  [19, 5],
  [20, 6],
  [21, 5],
  [22, 3],
  [23, 1],
];

export interface LiveSession {
  startMs: number;
  endMs: number;
}

export interface LiveState {
  roomId: number;
  /** 0 off, 1 live, 2 carousel (replays while off) */
  liveStatus: 0 | 1 | 2;
  session: LiveSession | null;
  online: number;
  /** danmaku per minute at this instant */
  danmakuPerMinute: number;
  /** gift revenue per minute at this instant (CNY) */
  giftsPerMinute: number;
  /** gift revenue of the current session so far (CNY) */
  sessionGifts: number;
  title: string;
  area: LiveArea;
}

/** The session that starts on world day d (relative to the epoch; may be negative), if any. */
export function sessionOn(world: SimWorld, index: number, d: number): LiveSession | null {
  const spec = world.spec(index);
  if (spec.liveRoomId === null) return null;
  const s = world.seed;
  const mid = spec.mid;
  if (spec.isLive === 1 && d === -1) {
    // live at the epoch: started 1–3 h before it, lasts 3–6 h in total
    const startMs = world.epochMs - intIn(60, 180, s, Salt.liveStart, mid, d) * MINUTE_MS;
    return { startMs, endMs: startMs + intIn(180, 360, s, Salt.liveDuration, mid, d) * MINUTE_MS };
  }
  const propensity = 0.15 + 0.6 * unit(s, Salt.livePropensity, mid);
  if (unit(s, Salt.liveDay, mid, d) >= propensity) return null;
  const hour = weightedPick(START_HOURS, unit(s, Salt.liveStart, mid, d));
  const startMs = world.epochMs + d * DAY_MS + hour * HOUR_MS + intIn(0, 59, s, Salt.liveStart, mid, d, 1) * MINUTE_MS;
  return { startMs, endMs: startMs + intIn(60, 300, s, Salt.liveDuration, mid, d) * MINUTE_MS };
}

/**
 * Operator sessions (a demo, an end-to-end journey: `POST /__sim/live-session`): a room made live now for a
 * while, kept in memory like operator incidents — not part of the deterministic world. They take precedence
 * over the world's own sessions at the instants they cover.
 */
const injected = new WeakMap<SimWorld, Map<number, LiveSession[]>>();

/** Starts an operator session of creator `index`'s room for [startMs, endMs) of world time. */
export function injectLiveSession(world: SimWorld, index: number, startMs: number, endMs: number): void {
  let byIndex = injected.get(world);
  if (!byIndex) {
    byIndex = new Map();
    injected.set(world, byIndex);
  }
  byIndex.set(index, [...(byIndex.get(index) ?? []), { startMs, endMs }]);
}

/** The session live at t, if any. */
export function sessionAt(world: SimWorld, index: number, t: number): LiveSession | null {
  const own = injected
    .get(world)
    ?.get(index)
    ?.find((s) => s.startMs <= t && t < s.endMs);
  if (own) return own;
  const d = world.dayIndex(t);
  for (const day of [d, d - 1]) {
    const session = sessionOn(world, index, day);
    if (session && session.startMs <= t && t < session.endMs) return session;
  }
  return null;
}

/** Sessions starting in [fromMs, toMs). */
export function sessionsBetween(world: SimWorld, index: number, fromMs: number, toMs: number): LiveSession[] {
  const out: LiveSession[] = [];
  for (let d = world.dayIndex(fromMs) - 1; d <= world.dayIndex(toMs); d++) {
    const session = sessionOn(world, index, d);
    if (session && session.startMs >= fromMs && session.startMs < toMs) out.push(session);
  }
  return out;
}

export function liveState(world: SimWorld, index: number, t: number): LiveState | null {
  const spec = world.spec(index);
  if (spec.liveRoomId === null) return null;
  const s = world.seed;
  const mid = spec.mid;
  const session = sessionAt(world, index, t);
  const area = liveAreaOf(spec.topTid, s, Salt.liveTitle, mid, 1);
  const titleDay = session ? Math.floor((session.startMs - world.epochMs) / DAY_MS) : world.dayIndex(t);
  const title = pickBy(LIVE_TITLES, s, Salt.liveTitle, mid, titleDay)
    .replaceAll('{topic}', topicWord(spec.topTid, s, Salt.liveTitle, mid, titleDay, 1))
    .replaceAll('{up}', spec.name);
  if (!session) {
    const carousel = unit(s, Salt.carousel, mid) < 0.1;
    return {
      roomId: spec.liveRoomId,
      liveStatus: carousel ? 2 : 0,
      session: null,
      online: 0,
      danmakuPerMinute: 0,
      giftsPerMinute: 0,
      sessionGifts: 0,
      title,
      area,
    };
  }
  const peak = Math.max(
    8,
    world.fansAt(world.model(index), session.startMs) * 0.003 * Math.exp(0.6 * normal(s, Salt.liveOnline, mid)),
  );
  const at = (ms: number) => {
    const minute = Math.floor(ms / MINUTE_MS);
    const ramp = Math.min(1, (ms - session.startMs) / (15 * MINUTE_MS) + 0.1);
    const tail = Math.min(1, (session.endMs - ms) / (20 * MINUTE_MS) + 0.5);
    const online = Math.max(1, Math.round(peak * ramp * tail * (0.85 + 0.3 * unit(s, Salt.liveMinute, mid, minute))));
    const danmaku = Math.round(online * 0.05 * (0.6 + 0.8 * unit(s, Salt.liveMinute, mid, minute, 1)));
    const gifts = online * 0.002 * (0.3 + 1.4 * unit(s, Salt.liveGift, mid, minute));
    return { online, danmaku, gifts };
  };
  const now = at(t);
  let sessionGifts = 0;
  for (let ms = session.startMs; ms < t; ms += MINUTE_MS)
    sessionGifts += at(ms).gifts * (Math.min(MINUTE_MS, t - ms) / MINUTE_MS);
  return {
    roomId: spec.liveRoomId,
    liveStatus: 1,
    session,
    online: now.online,
    danmakuPerMinute: now.danmaku,
    giftsPerMinute: Math.round(now.gifts * 100) / 100,
    sessionGifts: Math.round(sessionGifts * 100) / 100,
    title,
    area,
  };
}
