import { describe, expect, it } from 'vitest';
import {
  OVERLAP_MIN_COMMENTERS,
  overlapOf,
  overlapPair,
  pricePerThousand,
  verdictsOf,
  weekFigures,
  wilson,
} from './contrast.figures.js';

const set = (from: number, to: number) => new Set(Array.from({ length: to - from + 1 }, (_, i) => String(from + i)));

const sample = (window: 0 | 7 | 30 | 90, means: Partial<{ play: number; likes: number; coin: number }> = {}) => ({
  window,
  weekVideos: window === 7 ? 3 : 0,
  play: 0,
  likes: 0,
  coin: 0,
  favorite: 0,
  share: 0,
  reply: 0,
  ...means,
});

describe('week figures (the rolled-up sample, docs/metrics.md "Weekly figures")', () => {
  it('the sample means as they are; interaction rate = Σ buttons ÷ Σ plays over the sample', () => {
    expect(
      weekFigures({
        window: 7,
        weekVideos: 3,
        play: 3333,
        likes: 334,
        coin: 67,
        favorite: 100,
        share: 17,
        reply: 49,
      }),
    ).toEqual({
      weekVideoNum: 3,
      weekAvgPlayNum: 3333,
      avgPraiseNum: 334,
      weekAvgCollectNum: 100,
      weekAvgShareNum: 17,
      weekAvgCommentNum: 49,
      weekCastCurrencyNum: 67,
      engagementRate: 17.01, // 567 / 3333
      sampleWindow: 7,
    });
  });
  it('the 30 days or the latest 10 stand in for an empty week, and say so', () => {
    expect(weekFigures(sample(30, { play: 4000, likes: 10 }))).toMatchObject({
      weekVideoNum: 0,
      weekAvgPlayNum: 4000,
      engagementRate: 0.25,
      sampleWindow: 30,
    });
    expect(weekFigures(sample(90, { play: 500 }))).toMatchObject({ weekAvgPlayNum: 500, sampleWindow: 90 });
  });
  it('null without a sample (window 0) or without a rollup; null rate without plays', () => {
    expect(weekFigures(sample(0))).toMatchObject({ weekVideoNum: 0, weekAvgPlayNum: null, sampleWindow: 0 });
    expect(weekFigures(null)).toMatchObject({ weekAvgPlayNum: null, engagementRate: null, sampleWindow: null });
    expect(weekFigures(sample(7))).toMatchObject({ weekAvgPlayNum: 0, engagementRate: null });
  });
});

describe('price per 1,000 plays', () => {
  it('price ÷ the sample mean × 1000, with the sample window; nothing without price, sample or plays', () => {
    expect(pricePerThousand(3000, { window: 7, play: 2000 })).toEqual({ value: 1500, days: 7 });
    expect(pricePerThousand(2000, { window: 30, play: 3000 })).toEqual({ value: 666.67, days: 30 });
    expect(pricePerThousand(2000, { window: 90, play: 4000 })).toEqual({ value: 500, days: 90 });
    expect(pricePerThousand(2000, { window: 0, play: 0 })).toEqual({ value: null, days: null });
    expect(pricePerThousand(2000, null)).toEqual({ value: null, days: null });
    expect(pricePerThousand(null, { window: 7, play: 2000 })).toEqual({ value: null, days: null });
  });
});

describe('overlap', () => {
  it('Wilson interval: known values', () => {
    const w = wilson(20, 70);
    expect(w.low).toBeCloseTo(0.1932, 3);
    expect(w.high).toBeCloseTo(0.4005, 3);
    expect(wilson(0, 100).low).toBe(0);
    expect(wilson(100, 100).high).toBe(1);
    expect(wilson(0, 0)).toEqual({ low: 0, high: 0 });
  });
  it('Jaccard with the minimum sample', () => {
    expect(overlapPair(1, set(1, 40), 2, set(21, 70))).toEqual({
      kolIdA: 1,
      kolIdB: 2,
      commentersA: 40,
      commentersB: 50,
      shared: 20,
      overlapPercent: 28.6,
      low: 19.3,
      high: 40.1,
    });
    const small = overlapPair(1, set(1, OVERLAP_MIN_COMMENTERS - 1), 2, set(1, 100));
    expect(small).toMatchObject({ shared: OVERLAP_MIN_COMMENTERS - 1, overlapPercent: null, low: null, high: null });
  });
  it('every pair in order; the compared creators’ own accounts left out', () => {
    const o = overlapOf(
      [5, 6, 7],
      new Map([
        [5, new Set([...set(1, 40), '9001'])],
        [6, new Set([...set(1, 40), '9001'])],
      ]),
      ['9001'],
      123,
    );
    expect(o.sampleSize).toBe(123);
    expect(o.method).toContain('123条评论');
    expect(o.pairs.map((p) => [p.kolIdA, p.kolIdB, p.shared, p.overlapPercent])).toEqual([
      [5, 6, 40, 100],
      [5, 7, 0, null],
      [6, 7, 0, null],
    ]);
  });
});

describe('verdicts', () => {
  const base = {
    weekAvgPlayNum: null,
    weekVideoNum: 0,
    engagementRate: null,
    fansIncrease30: null,
    libraryPrice: null,
    pricePerThousandPlays: null,
  };
  it('no figures: no leaders, and 暂无报价数据', () => {
    const v = verdictsOf([
      { ...base, kolId: 1, kolName: '甲', fansNum: 0 },
      { ...base, kolId: 2, kolName: '乙', fansNum: 0 },
    ]);
    expect(v.map((x) => x.leaderKolId)).toEqual([null, null, null, null]);
    expect(v[3]?.text).toContain('暂无报价数据');
  });
  it('growth when everyone lost fans names the smallest loss; ties go to the earlier creator', () => {
    const v = verdictsOf([
      { ...base, kolId: 1, kolName: '甲', fansNum: 100, fansIncrease30: -500 },
      { ...base, kolId: 2, kolName: '乙', fansNum: 100, fansIncrease30: -20 },
    ]);
    expect(v[0]?.leaderKolId).toBe(1);
    expect(v[2]).toMatchObject({ leaderKolId: 2 });
    expect(v[2]?.text).toContain('均未涨粉');
    expect(v[2]?.text).toContain('-20');
  });
});
