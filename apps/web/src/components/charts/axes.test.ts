import { describe, expect, it } from 'vitest';
import { barCategoryLabel } from './axes';

describe('barCategoryLabel', () => {
  it('shows every name of a names axis, cut to its slot and turned (issue #23 item 17: a phone showed one)', () => {
    const label = barCategoryLabel(false, { width: 72, rotate: 30 });
    expect(label).toMatchObject({ interval: 0, hideOverlap: false, width: 72, overflow: 'truncate', rotate: 30 });
  });
  it('thins overlapping labels of other vertical axes, keeps every label of horizontal bars', () => {
    expect(barCategoryLabel(false, undefined)).toEqual({ hideOverlap: true, interval: 'auto' });
    expect(barCategoryLabel(true, undefined)).toEqual({ hideOverlap: false, interval: 0 });
  });
});
