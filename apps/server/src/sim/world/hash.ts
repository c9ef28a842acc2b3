/**
 * Stateless randomness for the simulator: every draw is a hash of (seed, salt, entity, time bucket, …),
 * so any value at any instant is computable directly, in any order, without replaying a stream. The
 * demo-world generator's stateful PRNG (db/seed/world/prng.ts) is only used through the generator itself.
 */

/** Salts: one per kind of draw, so two kinds never share values. Append only (values are part of the world). */
export const Salt = {
  fansDay: 1,
  fansHour: 2,
  fansSpike: 3,
  follow: 4,
  posts: 5,
  postTime: 6,
  newVideo: 7,
  deletion: 8,
  liveDay: 9,
  liveStart: 10,
  liveDuration: 11,
  liveOnline: 12,
  liveMinute: 13,
  liveTitle: 14,
  livePropensity: 15,
  carousel: 16,
  pages: 17,
  comment: 18,
  danmaku: 19,
  fault: 20,
  faultKind: 21,
  slow: 22,
  wbi: 23,
  buvid: 24,
  seid: 25,
  related: 26,
  dimension: 27,
  liveGift: 28,
  incident: 29,
  commerce: 30,
  subReply: 31,
  liveMessage: 32,
} as const;

const TWO_32 = 4294967296;

/** A 32-bit hash of integer parts (any safe integer, negative allowed): murmur3-style mixing per part. */
export function hash32(...parts: number[]): number {
  let h = 0x9e3779b9;
  for (const part of parts) {
    const lo = part >>> 0;
    const hi = Math.floor(part / TWO_32) | 0;
    h = mixWord(h, lo);
    h = mixWord(h, hi);
  }
  h ^= parts.length;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

function mixWord(h: number, word: number): number {
  let k = Math.imul(word, 0xcc9e2d51);
  k = (k << 15) | (k >>> 17);
  k = Math.imul(k, 0x1b873593);
  let x = h ^ k;
  x = (x << 13) | (x >>> 19);
  return (Math.imul(x, 5) + 0xe6546b64) | 0;
}

/** A uniform float in [0, 1). */
export function unit(...parts: number[]): number {
  return hash32(...parts) / TWO_32;
}

/** A standard normal (Box–Muller over two derived uniforms). */
export function normal(...parts: number[]): number {
  const u = Math.max(unit(...parts, 0x51), 1e-12);
  const v = unit(...parts, 0x52);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

/** An integer in [min, max]. */
export function intIn(min: number, max: number, ...parts: number[]): number {
  return min + Math.floor(unit(...parts) * (max - min + 1));
}

export function pickBy<T>(items: readonly T[], ...parts: number[]): T {
  if (items.length === 0) throw new Error('pick from an empty list');
  return items[Math.floor(unit(...parts) * items.length)] as T;
}

/** Picks by weight with a uniform `u` in [0, 1): the demo seed's function, one for both. */
export { weightedPick } from '../../db/seed/world/prng.js';

/** `length` lower-case hex characters. */
export function hexOf(length: number, ...parts: number[]): string {
  let out = '';
  for (let i = 0; out.length < length; i++)
    out += hash32(...parts, 0x4e58, i)
      .toString(16)
      .padStart(8, '0');
  return out.slice(0, length);
}

/** Poisson draw by inverse CDF with a uniform `u` (small means only), capped at `cap`. */
export function poisson(mean: number, u: number, cap: number): number {
  let p = Math.exp(-mean);
  let cdf = p;
  let k = 0;
  while (u > cdf && k < cap) {
    k += 1;
    p *= mean / k;
    cdf += p;
  }
  return k;
}
