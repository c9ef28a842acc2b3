/**
 * The sales-estimate model (docs/metrics.md "Sales estimates"): Bilibili publishes no sales of goods carried by
 * videos, so orders are estimated from the plays of the carrying videos × a click-through rate by where the
 * goods are shown × a conversion rate by category × a price factor, and always shown as a range (估算).
 * The SQL fragments below are built from these constants only (no user value), so the repository ranks by the
 * same formula the documentation gives.
 */
import { sql, type RawBuilder } from 'kysely';
import type { GoodsSource, SalesEstimate } from '@xg/shared';

export const CTR: Readonly<Record<GoodsSource, number>> = { goods_area: 0.012, pinned_comment: 0.006, desc: 0.003 };

/** Conversion rate by commerce_categories.id. */
export const CVR: Readonly<Record<number, number>> = {
  1: 0.015, // 数码
  2: 0.04, // 美妆
  3: 0.06, // 食品饮料
  4: 0.03, // 服饰
  5: 0.01, // 家电
  6: 0.02, // 游戏
  7: 0.0005, // 汽车
  8: 0.03, // 母婴
  9: 0.05, // 个护
  10: 0.035, // 家居
  11: 0.025, // 运动户外
  12: 0.03, // 互联网服务
  13: 0.015, // 教育
  14: 0.03, // 医药保健
  15: 0.04, // 宠物
  99: 0.025, // 其他
};
export const RANGE_LOW = 0.5;
export const RANGE_HIGH = 1.8;

export function priceFactor(price: number | null): number {
  if (price === null || !(price > 0)) return 1;
  return Math.min(1.5, Math.max(0.3, (100 / price) ** 0.25));
}

/** Central estimate of orders from `plays` of one video carrying one goods item. */
export function ordersOf(plays: number, source: GoodsSource, categoryId: number, price: number | null): number {
  return plays * CTR[source] * (CVR[categoryId] ?? CVR[99] ?? 0.025) * priceFactor(price);
}

/** The range answered for a central estimate (orders) and a price. */
export function estimate(mid: number, price: number | null): SalesEstimate {
  const p = price ?? 0;
  return {
    estimated: true,
    salesLow: Math.round(mid * RANGE_LOW),
    salesMid: Math.round(mid),
    salesHigh: Math.round(mid * RANGE_HIGH),
    gmvLow: Math.round(mid * RANGE_LOW * p),
    gmvHigh: Math.round(mid * RANGE_HIGH * p),
  };
}

/** The range of a sum over goods of different prices: `gmvMid` is Σ orders × price. */
export function estimateSum(mid: number, gmvMid: number): SalesEstimate {
  return {
    estimated: true,
    salesLow: Math.round(mid * RANGE_LOW),
    salesMid: Math.round(mid),
    salesHigh: Math.round(mid * RANGE_HIGH),
    gmvLow: Math.round(gmvMid * RANGE_LOW),
    gmvHigh: Math.round(gmvMid * RANGE_HIGH),
  };
}

/** SQL: the CTR of a source column. */
export function ctrSql(source: RawBuilder<unknown>): RawBuilder<number> {
  return sql<number>`(CASE ${source} ${sql.join(
    Object.entries(CTR).map(([k, v]) => sql`WHEN ${sql.lit(k)} THEN ${sql.lit(v)}`),
    sql` `,
  )} ELSE 0 END)`;
}

/** SQL: the CVR of a category id column. */
export function cvrSql(categoryId: RawBuilder<unknown>): RawBuilder<number> {
  return sql<number>`(CASE ${categoryId} ${sql.join(
    Object.entries(CVR).map(([k, v]) => sql`WHEN ${sql.lit(Number(k))} THEN ${sql.lit(v)}`),
    sql` `,
  )} ELSE ${sql.lit(CVR[99] ?? 0.025)} END)`;
}

/** SQL: the price factor of a price column (numeric, may be null). */
export function priceFactorSql(price: RawBuilder<unknown>): RawBuilder<number> {
  return sql<number>`(CASE WHEN ${price} IS NULL OR ${price} <= 0 THEN 1
    ELSE least(1.5, greatest(0.3, power(100.0 / ${price}::float8, 0.25))) END)`;
}
