import {
  formatCount,
  sampleWindowLabel,
  type ContrastKolData,
  type ContrastOverlap,
  type ContrastOverlapPair,
  type ContrastVerdict,
} from '@xg/shared';
import type { SampleWindowValue } from '../metrics/figures.js';
import type { VideoCounts } from '../../db/schema.js';

/**
 * The comparison report's arithmetic (docs/metrics.md "Comparison report"): week figures, interaction rate,
 * price per 1,000 plays, the audience-overlap estimate and the written verdicts. Pure functions over the rows the
 * repository reads, so each rule is tested by hand-computed numbers.
 */

/**
 * One creator's weekly figures' sample as the rollup keeps it (creator_metrics, docs/metrics.md "Weekly figures"):
 * which window (7, 30 or 90 days, 0: none), the videos published in the 7 days, and the means per video over the
 * sample (rounded by the rollup). The creator detail shows the same figures.
 */
export interface SampleMeans extends Omit<VideoCounts, 'danmaku'> {
  window: SampleWindowValue;
  weekVideos: number;
}

/** The report's weekly figures of a creator (their meaning in ContrastKolData), with the sample they are over. */
export interface WeekFigures extends Pick<
  ContrastKolData,
  | 'weekVideoNum'
  | 'weekAvgPlayNum'
  | 'avgPraiseNum'
  | 'weekAvgCollectNum'
  | 'weekAvgShareNum'
  | 'weekAvgCommentNum'
  | 'weekCastCurrencyNum'
  | 'engagementRate'
> {
  sampleWindow: SampleWindowValue | null;
}

const round2 = (x: number): number => Math.round(x * 100) / 100;

/**
 * The report's 互动数据对比 from the sample means (null without a sample), and the interaction rate (%, null without
 * plays): (likes + coin + favorite + share + reply) ÷ play over the sample — the means are over the same videos, so
 * their ratio is the ratio of the sums.
 */
export function weekFigures(m: SampleMeans | null): WeekFigures {
  const has = m !== null && m.window !== 0;
  const v = (x: number | undefined): number | null => (has && x !== undefined ? x : null);
  const interactions = m ? m.likes + m.coin + m.favorite + m.share + m.reply : 0;
  return {
    weekVideoNum: m?.weekVideos ?? 0,
    weekAvgPlayNum: v(m?.play),
    avgPraiseNum: v(m?.likes),
    weekAvgCollectNum: v(m?.favorite),
    weekAvgShareNum: v(m?.share),
    weekAvgCommentNum: v(m?.reply),
    weekCastCurrencyNum: v(m?.coin),
    engagementRate: has && m && m.play > 0 ? round2((interactions / m.play) * 100) : null,
    sampleWindow: m?.window ?? null,
  };
}

/**
 * Price per 1,000 plays = price ÷ the sample's mean plays × 1000, rounded to fen; null without a price or without
 * plays. `days` is the sample's window (7, 30 or 90).
 */
export function pricePerThousand(
  price: number | null,
  m: Pick<SampleMeans, 'window' | 'play'> | null,
): { value: number | null; days: 7 | 30 | 90 | null } {
  if (price === null || m === null || m.window === 0 || m.play <= 0) return { value: null, days: null };
  return { value: round2((price / m.play) * 1000), days: m.window };
}

// ---------------------------------------------------------------------------------------------------------
// Audience overlap

/** Latest comments read per creator, and the window they are taken from (days ending at the data date). */
export const OVERLAP_COMMENTS_PER_CREATOR = 2000;
export const OVERLAP_WINDOW_DAYS = 90;
/** Fewer distinct commenters than this on either side: no estimate (the portraits' minimum sample, too). */
export const OVERLAP_MIN_COMMENTERS = 30;
/** z of a two-sided 95 % interval */
const Z95 = 1.959963984540054;

/** Wilson score interval of a proportion k / n at 95 %, as fractions; [0, 0] for n = 0. */
export function wilson(k: number, n: number): { low: number; high: number } {
  if (n <= 0) return { low: 0, high: 0 };
  const p = k / n;
  const z2 = Z95 * Z95;
  const denom = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denom;
  const half = (Z95 * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denom;
  // the bounds are exactly 0 at k = 0 and 1 at k = n (floating point leaves a trace otherwise)
  return { low: k === 0 ? 0 : Math.max(0, centre - half), high: k === n ? 1 : Math.min(1, centre + half) };
}

const pct1 = (x: number): number => Math.round(x * 1000) / 10;

/** One pair: distinct commenters of each side, shared ones, Jaccard % and its 95 % interval. */
export function overlapPair(
  kolIdA: number,
  a: ReadonlySet<string>,
  kolIdB: number,
  b: ReadonlySet<string>,
): ContrastOverlapPair {
  let shared = 0;
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  for (const mid of small) if (large.has(mid)) shared += 1;
  const union = a.size + b.size - shared;
  const enough = a.size >= OVERLAP_MIN_COMMENTERS && b.size >= OVERLAP_MIN_COMMENTERS && union > 0;
  const interval = enough ? wilson(shared, union) : null;
  return {
    kolIdA,
    kolIdB,
    commentersA: a.size,
    commentersB: b.size,
    shared,
    overlapPercent: enough ? pct1(shared / union) : null,
    low: interval ? pct1(interval.low) : null,
    high: interval ? pct1(interval.high) : null,
  };
}

export function overlapMethod(sampleSize: number): string {
  return (
    `方法：取每位UP主近${OVERLAP_WINDOW_DAYS}天内已采集的最新评论（每人最多${OVERLAP_COMMENTS_PER_CREATOR.toLocaleString('zh-CN')}条），` +
    `按评论用户ID去重；重合度 = 同时评论过两位UP主的用户数 ÷ 两人评论用户的并集（Jaccard）。` +
    `括号内为95%置信区间（Wilson区间，把并集中每位评论用户视作一次独立抽样，只反映抽样误差）。` +
    `评论用户只是观众中愿意发言的一部分，结果是对受众重合的估算，并非粉丝重合的实测；` +
    `任一方不足${OVERLAP_MIN_COMMENTERS}位评论用户时不计算。本报告共读取${sampleSize.toLocaleString('zh-CN')}条评论。`
  );
}

/**
 * Every pair of the report, in the report's order. `commenters` holds each creator's distinct commenter mids; the
 * compared creators' own accounts are left out of every set (a creator answering under its own or the other's
 * videos is not audience).
 */
export function overlapOf(
  kolIds: readonly number[],
  commenters: ReadonlyMap<number, ReadonlySet<string>>,
  ownMids: readonly string[],
  sampleSize: number,
): ContrastOverlap {
  const own = new Set(ownMids);
  const sets = new Map<number, Set<string>>();
  for (const id of kolIds) sets.set(id, new Set([...(commenters.get(id) ?? [])].filter((m) => !own.has(m))));
  const pairs: ContrastOverlapPair[] = [];
  for (let i = 0; i < kolIds.length; i++) {
    for (let j = i + 1; j < kolIds.length; j++) {
      const a = kolIds[i];
      const b = kolIds[j];
      if (a === undefined || b === undefined) continue;
      pairs.push(overlapPair(a, sets.get(a) ?? new Set(), b, sets.get(b) ?? new Set()));
    }
  }
  return { method: overlapMethod(sampleSize), sampleSize, pairs };
}

// ---------------------------------------------------------------------------------------------------------
// Verdicts

type VerdictKol = Pick<
  ContrastKolData,
  | 'kolId'
  | 'kolName'
  | 'fansNum'
  | 'weekAvgPlayNum'
  | 'weekVideoNum'
  | 'sampleWindow'
  | 'engagementRate'
  | 'fansIncrease30'
  | 'libraryPrice'
  | 'pricePerThousandPlays'
>;

const yuan = (x: number): string =>
  `¥${x.toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const percent = (x: number): string => `${x.toFixed(2)}%`;
const signed = (x: number): string => (x >= 0 ? `+${formatCount(x)}` : `-${formatCount(-x)}`);

/** The others' figures after the leader, e.g. "B 56.7万、C 1,234". */
function others(list: VerdictKol[], leader: VerdictKol, show: (k: VerdictKol) => string): string {
  return list
    .filter((k) => k.kolId !== leader.kolId)
    .map((k) => `${k.kolName} ${show(k)}`)
    .join('、');
}

/** Sorted copy, best first, ties by the report's order. */
function ranked(list: VerdictKol[], value: (k: VerdictKol) => number, best: 'max' | 'min'): VerdictKol[] {
  return list
    .map((k, i) => ({ k, i }))
    .sort((x, y) => {
      const d = best === 'max' ? value(y.k) - value(x.k) : value(x.k) - value(y.k);
      return d !== 0 ? d : x.i - y.i;
    })
    .map((x) => x.k);
}

export function verdictsOf(kols: readonly VerdictKol[]): ContrastVerdict[] {
  const all = [...kols];
  return [reach(all), engagement(all), growth(all), price(all)];
}

function reach(all: VerdictKol[]): ContrastVerdict {
  const title = '影响力';
  const [leader, second] = ranked(all, (k) => k.fansNum, 'max');
  if (!leader || leader.fansNum <= 0) {
    return { dimension: 'reach', title, leaderKolId: null, text: '暂无粉丝数据，无法比较影响力。' };
  }
  const times =
    second && second.fansNum > 0
      ? `，是第二名 ${second.kolName} 的${(leader.fansNum / second.fansNum).toFixed(1)}倍`
      : '';
  const play =
    leader.weekAvgPlayNum !== null
      ? `；平均播放${formatCount(leader.weekAvgPlayNum)}（${sampleWindowLabel(leader.sampleWindow)}）`
      : '；近90天无视频';
  return {
    dimension: 'reach',
    title,
    leaderKolId: leader.kolId,
    text: `${leader.kolName} 粉丝最多（${formatCount(leader.fansNum)}）${times}${play}。其余：${others(all, leader, (k) => formatCount(k.fansNum))}。`,
  };
}

function engagement(all: VerdictKol[]): ContrastVerdict {
  const title = '互动';
  const known = all.filter((k) => k.engagementRate !== null);
  const [leader] = ranked(known, (k) => k.engagementRate ?? 0, 'max');
  if (!leader || leader.engagementRate === null) {
    return {
      dimension: 'engagement',
      title,
      leaderKolId: null,
      text: '各UP主近90天均无有播放的视频，暂无互动率数据。',
    };
  }
  const missing = all.filter((k) => k.engagementRate === null).map((k) => k.kolName);
  const rest = others(known, leader, (k) => percent(k.engagementRate ?? 0));
  return {
    dimension: 'engagement',
    title,
    leaderKolId: leader.kolId,
    text:
      `${leader.kolName} 视频互动率最高（${percent(leader.engagementRate)}，${sampleWindowLabel(leader.sampleWindow)}，` +
      `点赞、投币、收藏、分享、评论之和 ÷ 播放）` +
      `${rest ? `；${rest}` : ''}${missing.length ? `；${missing.join('、')} 近90天无视频` : ''}。`,
  };
}

function growth(all: VerdictKol[]): ContrastVerdict {
  const title = '成长';
  const known = all.filter((k) => k.fansIncrease30 !== null);
  const [leader] = ranked(known, (k) => k.fansIncrease30 ?? 0, 'max');
  if (!leader || leader.fansIncrease30 === null) {
    return { dimension: 'growth', title, leaderKolId: null, text: '暂无近30天的粉丝变化数据（历史数据不足）。' };
  }
  const missing = all.filter((k) => k.fansIncrease30 === null).map((k) => k.kolName);
  const rest = others(known, leader, (k) => signed(k.fansIncrease30 ?? 0));
  const head =
    leader.fansIncrease30 > 0
      ? `${leader.kolName} 近30天涨粉最多（${signed(leader.fansIncrease30)}）`
      : `近30天各UP主均未涨粉，${leader.kolName} 变化最小（${signed(leader.fansIncrease30)}）`;
  return {
    dimension: 'growth',
    title,
    leaderKolId: leader.kolId,
    text: `${head}${rest ? `；${rest}` : ''}${missing.length ? `；${missing.join('、')} 暂无30天数据` : ''}。`,
  };
}

function price(all: VerdictKol[]): ContrastVerdict {
  const title = '性价比';
  const known = all.filter((k) => k.pricePerThousandPlays !== null);
  const [leader] = ranked(known, (k) => k.pricePerThousandPlays ?? 0, 'min');
  if (!leader || leader.pricePerThousandPlays === null) {
    const priced = all.some((k) => k.libraryPrice !== null);
    return {
      dimension: 'price',
      title,
      leaderKolId: null,
      text: priced
        ? '暂无报价数据可比：有植入报价的UP主近30天没有有播放的视频，无法计算每千次播放成本。'
        : '暂无报价数据：在私有达人库中填写这些UP主的植入报价后，可比较每千次播放成本。',
    };
  }
  const missing = all.filter((k) => k.pricePerThousandPlays === null).map((k) => k.kolName);
  const rest = others(known, leader, (k) => yuan(k.pricePerThousandPlays ?? 0));
  return {
    dimension: 'price',
    title,
    leaderKolId: leader.kolId,
    text:
      `按私有达人库中的植入报价，${leader.kolName} 每千次播放成本最低（${yuan(leader.pricePerThousandPlays)}，报价${yuan(leader.libraryPrice ?? 0)}）` +
      `${rest ? `；${rest}` : ''}${missing.length ? `；${missing.join('、')} 暂无报价数据` : ''}。`,
  };
}
