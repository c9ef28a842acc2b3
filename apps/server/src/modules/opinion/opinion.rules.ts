import { SENTIMENT_TEXT, type OpinionRules } from '@xg/shared';
import type { BucketRow } from './opinion.figures.repository.js';
import type { NewWarning } from './opinion.repository.js';

/**
 * The warning rules of a task (docs/metrics.md "Opinion warnings"), evaluated over the hourly counts of its texts.
 * Every event is one hour (UTC hour = Asia/Shanghai hour) and one rule (and one word): its event key names both, so
 * evaluating the same hours again raises nothing new.
 * - negative: among the hour's scored texts (at least minVolume), the negative share is above negThreshold %.
 * - keyword: a watched word appears in the hour's texts.
 * - spike: the hour holds at least minVolume texts and more than spikeFactor × the mean of the 24 hours before it
 *   (hours without texts count as 0; at least 6 earlier hours must lie inside what was collected).
 */
export interface HourCounts extends BucketRow {
  /** counts of each watched word, in the order of rules.watchWords */
  words: number[];
}

const HOUR_MS = 3600_000;
export const SPIKE_BASELINE_HOURS = 24;
export const SPIKE_MIN_HISTORY_HOURS = 6;

function hourLabel(at: Date): string {
  const s = new Date(at.getTime() + 8 * HOUR_MS).toISOString();
  return `${s.slice(5, 10)} ${s.slice(11, 13)}时`;
}

/** Percent with one decimal. */
export function percent(part: number, whole: number): number {
  return whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0;
}

/**
 * The warnings of `hours` (ascending, gaps allowed) for the events at or after `since`; `taskName` names the task
 * in the texts.
 */
export function evaluateRules(
  hours: readonly HourCounts[],
  rules: OpinionRules,
  since: Date,
  taskName: string,
): NewWarning[] {
  const out: NewWarning[] = [];
  const byTime = new Map(hours.map((h) => [h.bucket.getTime(), h]));
  const first = hours[0]?.bucket.getTime() ?? 0;
  for (const h of hours) {
    if (h.bucket.getTime() + HOUR_MS <= since.getTime()) continue;
    const iso = h.bucket.toISOString();
    const when = hourLabel(h.bucket);
    const scored = h.positive + h.neutral + h.negative;
    if (scored >= rules.minVolume && scored > 0) {
      const share = percent(h.negative, scored);
      if (share > rules.negThreshold) {
        out.push({
          rule: 'negative',
          eventKey: `negative:${iso}`,
          bucket: h.bucket,
          title: `【${taskName}】${SENTIMENT_TEXT.negative}占比${share}%，超过${rules.negThreshold}%`,
          detail: `${when}共${scored}条已分析的评论和弹幕，其中${SENTIMENT_TEXT.negative}${h.negative}条（${share}%），超过预警阈值${rules.negThreshold}%。`,
          figures: { scored, negative: h.negative, share, threshold: rules.negThreshold },
        });
      }
    }
    rules.watchWords.forEach((word, i) => {
      const n = h.words[i] ?? 0;
      if (n <= 0) return;
      out.push({
        rule: 'keyword',
        eventKey: `keyword:${word}:${iso}`,
        bucket: h.bucket,
        title: `【${taskName}】关注词「${word}」出现${n}次`,
        detail: `${when}的评论和弹幕中出现关注词「${word}」${n}次。`,
        figures: { word, count: n },
      });
    });
    const t = h.bucket.getTime();
    const history = Math.min(SPIKE_BASELINE_HOURS, Math.floor((t - first) / HOUR_MS));
    if (history >= SPIKE_MIN_HISTORY_HOURS && h.total >= rules.minVolume) {
      let sum = 0;
      for (let k = 1; k <= history; k += 1) sum += byTime.get(t - k * HOUR_MS)?.total ?? 0;
      const mean = sum / history;
      if (h.total > rules.spikeFactor * mean) {
        const ratio = mean > 0 ? Math.round((h.total / mean) * 10) / 10 : null;
        out.push({
          rule: 'spike',
          eventKey: `spike:${iso}`,
          bucket: h.bucket,
          title: `【${taskName}】声量突增：${h.total}条${ratio === null ? '' : `，为此前均值的${ratio}倍`}`,
          detail: `${when}共有${h.total}条评论和弹幕，此前${history}小时平均每小时${Math.round(mean * 10) / 10}条，超过${rules.spikeFactor}倍阈值。`,
          figures: { total: h.total, mean, factor: rules.spikeFactor, history },
        });
      }
    }
  }
  return out;
}
