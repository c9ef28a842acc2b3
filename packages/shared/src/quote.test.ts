import { describe, expect, it } from 'vitest';
import { formatQuoteRange, quoteRange, roundQuote } from './quote.js';

describe('quote range (docs/metrics.md "Commercial estimates")', () => {
  it('rounds like SQL price_round: two significant digits, at least ¥100', () => {
    expect([923, 68_432, 1_234_567, 42, 99.96].map(roundQuote)).toEqual([920, 68_000, 1_200_000, 100, 100]);
  });
  it('is the estimate × 2/3 … × 4/3, the cited 10 %–20 % band around 15 %', () => {
    expect(quoteRange(30_000)).toEqual({ low: 20_000, high: 40_000 });
    expect(quoteRange(21_000)).toEqual({ low: 14_000, high: 28_000 });
    expect(quoteRange(null)).toBeNull();
    expect(quoteRange(0)).toBeNull();
  });
  it('reads with 万 from ¥10,000', () => {
    expect(formatQuoteRange(30_000)).toBe('¥2万–¥4万');
    expect(formatQuoteRange(600)).toBe('¥400–¥800');
    expect(formatQuoteRange(null)).toBe('-');
  });
});
