import { sql, type RawBuilder } from 'kysely';

/**
 * The figures every screen shows about a creator, read in one way each (docs/metrics.md "One number per figure").
 * Each is computed once, by the rollup of the creator's last rolled-up day (`creator_metrics.day`), and every
 * reader — the discovery lists and their exports, the creator detail, the rankings, the comparison report — reads
 * it through the fragments below, never by its own query.
 */

/**
 * 30日涨粉: the 30-day fan change of `creator_metrics.fans_change_30` (the gap rules: fans of the rollup's day
 * minus the first stored snapshot of d − 30 … d − 27), null when either is missing or the creator was never rolled
 * up. `cm` is the alias of creator_metrics in the query. The 月榜 涨粉榜 of the same day lists the same value.
 */
export function fansIncrease30(cm: string): RawBuilder<string | null> {
  return sql<string | null>`${sql.ref(`${cm}.fans_change_30`)}`;
}

/**
 * The weekly figures' sample (creator_metrics.sample_window): 7 (the week's videos), 30 (the 30 days' when the
 * week has none), 90 (the latest 10 of 90 days) or 0 (none). Both the detail and the report show which.
 */
export type SampleWindowValue = 0 | 7 | 30 | 90;

export function toSampleWindow(v: number | null | undefined): SampleWindowValue | null {
  return v === 0 || v === 7 || v === 30 || v === 90 ? v : null;
}
