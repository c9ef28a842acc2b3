import { formatCount } from './format.js';

/**
 * The quote estimate's range (docs/metrics.md "Commercial estimates"). The cited rate card puts a Bilibili
 * 定制视频 at 10 %–20 % of the creator's fans in yuan; the estimate sits at the band's middle (15 %, moved by
 * reach, interaction and partition), so the range shown is the estimate × 2/3 … × 4/3 — the band's own width.
 * One function for the list (商业价值), the detail (商业价值评估), the report and the 投放清单 export.
 */
export const QUOTE_RANGE_LOW = 2 / 3;
export const QUOTE_RANGE_HIGH = 4 / 3;
/** The smallest quote (SQL price_round's floor). */
export const QUOTE_MIN = 100;

/** Two significant digits, at least ¥100 — the rounding of the SQL function price_round (migration 0007). */
export function roundQuote(value: number): number {
  if (!Number.isFinite(value) || value < QUOTE_MIN) return QUOTE_MIN;
  const step = 10 ** Math.max(1, Math.floor(Math.log10(value)) - 1);
  return Math.round(value / step) * step;
}

export interface QuoteRange {
  low: number;
  high: number;
}

/** The range around a quote estimate, or null without one. */
export function quoteRange(price: number | null | undefined): QuoteRange | null {
  if (price === null || price === undefined || !Number.isFinite(price) || price <= 0) return null;
  return { low: roundQuote(price * QUOTE_RANGE_LOW), high: roundQuote(price * QUOTE_RANGE_HIGH) };
}

/** Yuan with 万 from 10,000, else with separators. */
export function formatYuan(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '-';
  return value >= 10_000 ? `¥${formatCount(value)}` : `¥${Math.round(value).toLocaleString('zh-CN')}`;
}

/** “¥1.4万–¥2.9万”, or “-” without an estimate. */
export function formatQuoteRange(price: number | null | undefined): string {
  const range = quoteRange(price);
  return range ? `${formatYuan(range.low)}–${formatYuan(range.high)}` : '-';
}
