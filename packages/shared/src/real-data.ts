/**
 * Real data end to end (issue #12): the data-freshness answer every screen shows (数据更新于…), the operator's
 * backfill request, and the gap rules' constants the web explains (docs/metrics.md, "Gaps").
 */
import { z } from 'zod';
import type { ApiEnvelope } from './codes.js';
import { text } from './validation.js';

export const DataMsg = {
  dayFormat: '日期格式应为 YYYY-MM-DD',
  rangeOrder: '开始日期不能晚于结束日期',
  rangeTooLong: '一次最多回补400天',
} as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = text(DataMsg.dayFormat)
  .regex(DAY, DataMsg.dayFormat)
  .refine(
    (v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
    {
      message: DataMsg.dayFormat,
    },
  );

/** POST /api/admin/rollupBackfill */
export const RollupBackfillParams = z
  .object({ from: day, to: day })
  .refine((p) => p.from <= p.to, { message: DataMsg.rangeOrder, path: ['to'] })
  .refine((p) => (Date.parse(`${p.to}T00:00:00Z`) - Date.parse(`${p.from}T00:00:00Z`)) / 86_400_000 < 400, {
    message: DataMsg.rangeTooLong,
    path: ['to'],
  });
export type RollupBackfillParams = z.infer<typeof RollupBackfillParams>;

/** GET /api/dataStatus: when the data on screen was last updated. */
export interface DataStatusAnswer extends ApiEnvelope {
  /** the newest day with creator or video snapshots (Asia/Shanghai): the data's own date (数据截至), null when none */
  snapshotDay: string | null;
  /** the newest day the nightly rollup (rankings, 云指数) covered, null when never */
  rollupDay: string | null;
  /** the last time any creator was written (ISO): when an import or collection ran (the tooltip only), null when never */
  updatedAt: string | null;
}

/** Days of a ranking period, and how many days of history a list of it needs (its window plus the day before). */
export const PERIOD_DAYS = { day: 1, week: 7, month: 30 } as const;
/** The gap rules' start tolerance per period (days after the window's start a snapshot may stand in). */
export const PERIOD_TOLERANCE = { day: 0, week: 1, month: 3 } as const;
/** A fans list leaves out values older than this many days before the list's date. */
export const FANS_MAX_AGE_DAYS = 2;
