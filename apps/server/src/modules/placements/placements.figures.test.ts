import { describe, expect, it } from 'vitest';
import { costCents, formatCost, parseWorkLink, promotionCostField, type MonitorPoint } from '@xg/shared';
import { expectedBand, perUnitCents, quantile, reportFigures, slotsDue } from './placements.figures.js';

const point = (ts: string, play: number, each = 0): MonitorPoint => ({
  ts,
  playNum: play,
  praiseNum: each,
  castCurrencyNum: each,
  collectNum: each,
  shareNum: each,
  commentNum: each,
  barrageNum: each,
});

describe('placement report figures', () => {
  it('money in integer cents, half up', () => {
    expect(costCents('1234.5')).toBe(123450);
    expect(costCents('0.05')).toBe(5);
    expect(formatCost(123450)).toBe('1234.50');
    expect(formatCost(7)).toBe('0.07');
    expect(perUnitCents(100, 3)).toBe(33);
    expect(perUnitCents(5, 2)).toBe(3); // 2.5 → 3
    expect(perUnitCents(100, 0)).toBeNull();
    // 99999999 yuan per 1,000 plays over one play stays exact
    expect(perUnitCents(9999999900, 1, 1000)).toBe(9999999900000);
  });

  it('slots due count start + k × interval up to min(end, now)', () => {
    const s = new Date('2026-01-01T00:00:00Z');
    const e = new Date('2026-01-02T00:00:00Z');
    expect(slotsDue(s, e, new Date('2025-12-31T23:00:00Z'), 300)).toBe(0);
    // a slot is due two minutes after its instant (its sample is being taken meanwhile)
    expect(slotsDue(s, e, s, 300)).toBe(0);
    expect(slotsDue(s, e, new Date('2026-01-01T00:02:00Z'), 300)).toBe(1);
    expect(slotsDue(s, e, new Date('2026-01-01T00:11:59Z'), 300)).toBe(2);
    expect(slotsDue(s, e, new Date('2026-03-01T00:00:00Z'), 300)).toBe(289);
  });

  it('the expected band is the quartiles of at least three usual videos', () => {
    expect(expectedBand([100, 200], 24)).toBeNull();
    expect(expectedBand([400, 100, 300, 200, 500], 24)).toEqual({
      ageHours: 24,
      low: 200,
      median: 300,
      high: 400,
      videos: 5,
    });
    expect(quantile([10, 20], 0.5)).toBe(15);
  });

  it('increments are last − first; cost per 1,000 plays and per engagement at the last sample', () => {
    const f = reportFigures({
      points: [point('2026-01-01T00:00:00Z', 1000, 10), point('2026-01-01T00:05:00Z', 4000, 20)],
      windowSamples: 2,
      slotsDue: 3,
      costCents: 100000,
      expected: { ageHours: 5, low: 1000, median: 2000, high: 3000, videos: 4 },
    });
    expect(f.increase).toEqual({
      playNum: 3000,
      praiseNum: 10,
      castCurrencyNum: 10,
      collectNum: 10,
      shareNum: 10,
      commentNum: 10,
      barrageNum: 10,
    });
    expect(f.cpm).toBe('250.00');
    expect(f.engagements).toBe(120);
    expect(f.costPerEngagement).toBe('8.33');
    expect(f.versusExpected).toBe(2);
    expect(f.samples).toBe(2);
    expect(f.slotsDue).toBe(3);
    const empty = reportFigures({ points: [], windowSamples: 0, slotsDue: 0, costCents: 1, expected: null });
    expect(empty).toMatchObject({ first: null, last: null, increase: null, cpm: null, costPerEngagement: null });
  });

  it('parses work links and the cost field', () => {
    expect(parseWorkLink('https://www.bilibili.com/video/BV1xx411c7mD/?p=2')).toEqual({
      bvid: 'BV1xx411c7mD',
      aid: null,
    });
    expect(parseWorkLink('bilibili.com/video/av170001')).toEqual({ bvid: null, aid: 170001 });
    expect(parseWorkLink('https://b23.tv/abc')).toBeNull();
    expect(parseWorkLink('https://evil.com/video/BV1xx411c7mD')).toBeNull();
    expect(promotionCostField.safeParse('12.3').data).toBe('12.30');
    expect(promotionCostField.safeParse(5).data).toBe('5.00');
    expect(promotionCostField.safeParse('0').success).toBe(false);
  });
});
