/**
 * Danmaku: like comments, a video has `countersAt(v, t).danmaku` of them; danmaku i arrives when the count
 * first exceeds i, belongs to one page (分P) of the video, and its position, mode, colour, sender hash and
 * text (mixed sentiment) are hashes of (seed, video key, i). The XML list returns the newest `maxlimit`
 * of a page, like the real pool.
 */
import { QIAFAN_DANMAKU, videoCommerce } from './commerce.js';
import { hash32, intIn, pickBy, Salt, unit, weightedPick } from './hash.js';
import { DANMAKU_TEMPLATES, fillText, sentimentOf, topicWord, type Sentiment } from './texts.js';
import { arrivalTime, countOf, playsAt, type SimVideo } from './video-model.js';
import type { SimWorld } from './world.js';
import { inIncident } from './incidents.js';

export interface SimDanmaku {
  index: number;
  /** seconds into the page */
  progress: number;
  /** 1 scrolling, 4 bottom, 5 top */
  mode: number;
  fontSize: number;
  color: number;
  ctimeMs: number;
  pool: number;
  /** crc32-style hash of the sender's mid (hex, no padding) */
  midHash: string;
  dmid: string;
  text: string;
  sentiment: Sentiment;
}

const MODES: readonly (readonly [number, number])[] = [
  [1, 90],
  [5, 6],
  [4, 4],
];
const COLORS = [
  16777215, 16777215, 16777215, 16777215, 16777215, 16777215, 16707842, 16738408, 6737151, 15138834, 41194,
];

export function danmakuCount(v: SimVideo, t: number): number {
  return countOf(playsAt(v, t) * v.ratios.danmaku);
}

/** The pool size of one page by its length (the site's limits by duration). */
export function maxLimit(pageSeconds: number): number {
  if (pageSeconds < 30) return 100;
  if (pageSeconds < 60) return 300;
  if (pageSeconds < 180) return 500;
  if (pageSeconds < 600) return 1000;
  if (pageSeconds < 900) return 1500;
  return 3000;
}

export function pageDuration(v: SimVideo): number {
  return Math.max(1, Math.round(v.duration / v.pages));
}

export function pageOfDanmaku(world: SimWorld, v: SimVideo, i: number): number {
  return v.pages === 1 ? 0 : Math.floor(unit(world.seed, Salt.danmaku, v.key, i, 1) * v.pages);
}

export function danmakuAt(world: SimWorld, v: SimVideo, i: number): SimDanmaku {
  const p = [world.seed, Salt.danmaku, v.key, i] as const;
  const ctimeMs = arrivalTime(v, v.ratios.danmaku, i + 1);
  const sentiment = sentimentOf(unit(...p, 2), inIncident(world, v, ctimeMs));
  const templates = DANMAKU_TEMPLATES[sentiment];
  const template = templates[Math.floor(unit(...p, 3) * templates.length)] ?? '';
  const senderIndex = intIn(0, 99_999, ...p, 4);
  // on a sponsored / selling video some neutral danmaku say 恰饭 (sim/world/commerce.ts)
  const share = sentiment === 'neutral' ? (videoCommerce(world.seed, v)?.qiafanShare ?? 0) : 0;
  const qiafan = share > 0 && unit(...p, 10) < share ? pickBy(QIAFAN_DANMAKU, ...p, 11) : null;
  return {
    index: i,
    progress: Math.round(unit(...p, 5) * pageDuration(v) * 1000) / 1000,
    mode: weightedPick(MODES, unit(...p, 6)),
    fontSize: unit(...p, 7) < 0.92 ? 25 : 18,
    color: COLORS[Math.floor(unit(...p, 8) * COLORS.length)] ?? 16777215,
    ctimeMs,
    pool: 0,
    midHash: hash32(world.seed, Salt.danmaku, v.creatorIndex, senderIndex).toString(16),
    dmid: (20_000_000_000_000_000n + BigInt(v.key) * 10_000_000n + BigInt(i)).toString(),
    text: qiafan ?? fillText(template, world.spec(v.creatorIndex).name, topicWord(v.topTid, ...p, 9)),
    sentiment,
  };
}

/** The newest `limit` danmaku of one page at world time t, oldest first (the order of the XML list). */
export function danmakuOfPage(world: SimWorld, v: SimVideo, page: number, t: number, limit: number): SimDanmaku[] {
  const out: SimDanmaku[] = [];
  for (let i = danmakuCount(v, t) - 1; i >= 0 && out.length < limit; i--) {
    if (pageOfDanmaku(world, v, i) === page) out.push(danmakuAt(world, v, i));
  }
  return out.reverse();
}
