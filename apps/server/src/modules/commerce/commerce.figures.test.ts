import { describe, expect, it } from 'vitest';
import { estimate, estimateSum, ordersOf, priceFactor } from './commerce.figures.js';

describe('sales estimate model', () => {
  it('orders = plays × CTR(source) × CVR(category) × price factor', () => {
    // 100,000 plays, goods area 1.2 %, 食品饮料 6 %, price 100 → factor 1
    expect(ordersOf(100_000, 'goods_area', 3, 100)).toBeCloseTo(72, 6);
    expect(ordersOf(100_000, 'desc', 3, 100)).toBeCloseTo(18, 6);
    // unknown category falls back to 其他 (2.5 %)
    expect(ordersOf(100_000, 'desc', 42, null)).toBeCloseTo(7.5, 6);
  });

  it('price factor: cheaper converts better, clamped to [0.3, 1.5], 1 without a price', () => {
    expect(priceFactor(null)).toBe(1);
    expect(priceFactor(100)).toBe(1);
    expect(priceFactor(1)).toBe(1.5);
    expect(priceFactor(1_000_000)).toBe(0.3);
    expect(priceFactor(1600)).toBeCloseTo(0.5, 6);
  });

  it('answers a range, never one number', () => {
    expect(estimate(100, 20)).toEqual({
      estimated: true,
      salesLow: 50,
      salesMid: 100,
      salesHigh: 180,
      gmvLow: 1000,
      gmvHigh: 3600,
    });
    expect(estimateSum(10, 1000)).toMatchObject({ salesLow: 5, salesHigh: 18, gmvLow: 500, gmvHigh: 1800 });
  });
});
