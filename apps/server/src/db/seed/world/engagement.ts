/**
 * How a synthetic video's interactions relate to its plays (docs/metrics.md "Demo world", issue #13 item 5):
 * one engagement level per video (some videos move their audience more than others) scales every counter
 * together, each counter then varies a little on its own, and each stays inside the band that public
 * Bilibili statistics show for ordinary videos. Coins never exceed likes. Shared by the demo seed and the
 * simulator's new videos, each with its own source of standard-normal draws.
 */
export interface EngagementRatios {
  like: number;
  coin: number;
  favorite: number;
  share: number;
  reply: number;
  danmaku: number;
}

type Counter = keyof EngagementRatios;

/** A video's interaction counts (likes … danmaku), as countersOf makes them from plays. */
export type InteractionCounts = Record<Counter, number>;

/** Median share of plays, and the band [lo, hi] each counter is kept in. */
export const ENGAGEMENT_BANDS: Readonly<Record<Counter, { median: number; lo: number; hi: number }>> = {
  like: { median: 0.045, lo: 0.015, hi: 0.15 },
  coin: { median: 0.009, lo: 0.002, hi: 0.05 },
  favorite: { median: 0.014, lo: 0.003, hi: 0.08 },
  share: { median: 0.0035, lo: 0.0003, hi: 0.02 },
  reply: { median: 0.0025, lo: 0.0002, hi: 0.015 },
  danmaku: { median: 0.004, lo: 0.0002, hi: 0.02 },
};

/** The counters per play of one video, from standard-normal draws (`normal()` is called 7 times, in order). */
export function engagementRatios(normal: () => number): EngagementRatios {
  const level = Math.exp(0.35 * normal());
  const draw = (key: Counter): number => {
    const b = ENGAGEMENT_BANDS[key];
    return Math.min(b.hi, Math.max(b.lo, b.median * level * Math.exp(0.3 * normal())));
  };
  const like = draw('like');
  const coin = Math.min(draw('coin'), like);
  const favorite = draw('favorite');
  const share = draw('share');
  const reply = draw('reply');
  const danmaku = draw('danmaku');
  return { like, coin, favorite, share, reply, danmaku };
}

/** A video's counters from its plays and ratios (rounded; coins ≤ likes holds after rounding too). */
export function countersOf(play: number, r: EngagementRatios): InteractionCounts {
  const like = Math.round(play * r.like);
  return {
    like,
    coin: Math.min(like, Math.round(play * r.coin)),
    favorite: Math.round(play * r.favorite),
    share: Math.round(play * r.share),
    reply: Math.round(play * r.reply),
    danmaku: Math.round(play * r.danmaku),
  };
}
