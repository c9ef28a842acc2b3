/**
 * Derived data (docs/metrics.md, "Derived data"): daily increments, fan changes and events, 云指数, the
 * comparison report's weekly figures, commercial estimates, audience portraits, MCN aggregates and
 * ranking lists. Entry points for the nightly job and the demo-world load.
 */
import type { Db } from '../../db/client.js';
import { rollupDay } from './metrics.service.js';

export { MAX_RANGE_DAYS, backfillRollups, rollupDay, rollupRange, takeRollupLock } from './metrics.service.js';
export type {
  BackfillOptions,
  BackfillSummary,
  RangeProgress,
  RangeSummary,
  RollupDayOptions,
  RollupDaySummary,
} from './metrics.service.js';
export { AGE_BANDS, LIST_SIZE, PORTRAIT_MIN_SAMPLE } from './metrics.repository.js';

/**
 * Recomputes every derived table for `day` ('YYYY-MM-DD', an Asia/Shanghai day, normally yesterday) in
 * one transaction; idempotent. Called by the nightly job.
 */
export async function runNightlyRollups(db: Db, day: string): Promise<void> {
  await rollupDay(db, day);
}
