import { describe, expect, it } from 'vitest';
import { AREA_OTHER, rankAreas } from './contrast.js';

describe('rankAreas (issue #23: region top-5)', () => {
  it('ranks by share and puts the catch-all 其他 last even when it is the largest', () => {
    const areas = [
      { 地域: '广东', 比例: 0.12 },
      { 地域: AREA_OTHER, 比例: 0.41 },
      { 地域: '北京', 比例: 0.2 },
      { 地域: '上海', 比例: 0.15 },
    ];
    expect(
      rankAreas(
        areas,
        (a) => a.地域,
        (a) => a.比例,
      ).map((a) => a.地域),
    ).toEqual(['北京', '上海', '广东', AREA_OTHER]);
    expect(areas[1]?.地域).toBe(AREA_OTHER); // the input is not reordered
  });
});
