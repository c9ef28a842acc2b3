import { describe, expect, it } from 'vitest';
import { minuteGrid } from './minute-grid';

const p = (ts: string, online: number) => ({ ts, online, danmaku: null, giftValue: null });

describe('minuteGrid', () => {
  it('lists every minute between the first and last sample, a missing minute as a gap (null)', () => {
    const grid = minuteGrid([p('2026-11-28T10:00:00.000Z', 5), p('2026-11-28T10:03:00.000Z', 7)]);
    expect(grid.map((g) => [new Date(g.ts).toISOString().slice(11, 16), g.point?.online ?? null])).toEqual([
      ['10:00', 5],
      ['10:01', null],
      ['10:02', null],
      ['10:03', 7],
    ]);
    expect(minuteGrid([])).toEqual([]);
  });
});
