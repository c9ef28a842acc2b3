/**
 * A video of the simulated world and how its counters move with world time.
 *
 * Plays follow the demo generator's curve (`playCurve`: fast start, long tail) plus a slow linear tail, so
 * every video keeps growing a little; the other counters are fixed shares of plays. A seeded video's
 * counters at the world's epoch (the end of the generator's last history day) equal the generator's numbers
 * exactly, so the simulator continues the database's demo data without a jump. A deleted video freezes at
 * its deletion instant.
 */
import { playCurve } from '../../db/seed/world/generate.js';
import { DAY_MS } from '../../db/seed/world/days.js';
import type { InteractionCounts } from '../../db/seed/world/engagement.js';

export interface VideoCounters extends InteractionCounts {
  view: number;
}

export interface SimVideo {
  /** seeded slot, or NEW_KEY_BASE + index for videos published after the epoch (see ids.ts) */
  key: number;
  aid: number;
  bvid: string;
  creatorIndex: number;
  title: string;
  /** the platform's channel tags (view/detail `Tags`) */
  tags: readonly string[];
  cover: string;
  description: string;
  /** seconds */
  duration: number;
  pubMs: number;
  tid: number;
  topTid: number;
  copyright: number;
  isActivity: boolean;
  pages: number;
  /** the instant the video becomes invisible: −Infinity = before the epoch, Infinity = never */
  deletedAtMs: number;
  seeded: boolean;
  /** the play model: full × playCurve(age) + tailPerDay × days since tailStartMs */
  full: number;
  tailStartMs: number;
  tailPerDay: number;
  /** counters per play */
  ratios: Omit<VideoCounters, 'view'>;
}

/** Extra plays per day after the curve, as a share of the video's plays at its reference instant. */
export const TAIL_PER_DAY = 0.001;

export function playsAt(v: SimVideo, t: number): number {
  const tt = Math.min(t, v.deletedAtMs);
  if (!(tt > v.pubMs)) return 0;
  let p = v.full * playCurve((tt - v.pubMs) / DAY_MS);
  if (tt > v.tailStartMs) p += (v.tailPerDay * (tt - v.tailStartMs)) / DAY_MS;
  return p;
}

export function countersAt(v: SimVideo, t: number): VideoCounters {
  const p = playsAt(v, t);
  const r = v.ratios;
  return {
    view: Math.round(p),
    like: Math.round(p * r.like),
    coin: Math.round(p * r.coin),
    favorite: Math.round(p * r.favorite),
    share: Math.round(p * r.share),
    reply: countOf(p * r.reply),
    danmaku: countOf(p * r.danmaku),
  };
}

/** Counts that items (comments, danmaku) are enumerated by: floor, forgiving float noise at exact integers. */
export function countOf(x: number): number {
  return Math.floor(x + 1e-7);
}

export function isVisible(v: SimVideo, t: number): boolean {
  return v.pubMs <= t && t < v.deletedAtMs;
}

/**
 * The instant (ms) at which the n-th item (comment, danmaku) arrives, i.e. the earliest t with
 * `countOf(playsAt(t) × ratio) ≥ n`: an exponential search from the publication, then bisection to 1 ms.
 * The search never looks at "now", so an item's arrival time is the same whenever it is asked for.
 * Infinity when it never arrives (a deleted video stops short of it).
 */
export function arrivalTime(v: SimVideo, ratio: number, n: number): number {
  if (ratio <= 0) return Infinity;
  const target = (n - 1e-7) / ratio;
  let step = 60_000;
  let lo = v.pubMs;
  let hi = v.pubMs + step;
  while (playsAt(v, hi) < target) {
    if (hi >= v.deletedAtMs || step > 2 ** 41) return Infinity;
    lo = hi;
    step *= 2;
    hi = v.pubMs + step;
  }
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (playsAt(v, mid) >= target) hi = mid;
    else lo = mid;
  }
  return hi;
}
