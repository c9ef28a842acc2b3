import { describe, expect, it } from 'vitest';
import { dataUpdatedText } from './data-updated-text';

describe('数据截至 (issue #23, item 6)', () => {
  it("shows the data's own date; the import or collection time is in the tooltip only", () => {
    // data ending 2023-10-27, imported on 2026-11-29
    const r = dataUpdatedText({
      snapshotDay: '2023-10-27',
      rollupDay: '2023-10-27',
      updatedAt: '2026-11-29T02:05:00.000Z',
    });
    expect(r?.text).toBe('数据截至 2023-10-27');
    expect(r?.text).not.toContain('2026');
    expect(r?.tooltip).toBe('每日数据截至 2023-10-27，榜单截至 2023-10-27，最近一次导入或采集于 2026-11-29 10:05');
  });

  it('without daily data or rankings it says so; an empty database has no line', () => {
    expect(dataUpdatedText({ snapshotDay: null, rollupDay: null, updatedAt: '2026-11-29T02:05:00.000Z' })).toEqual({
      text: '暂无每日数据',
      tooltip: '暂无每日数据，榜单尚未生成，最近一次导入或采集于 2026-11-29 10:05',
    });
    expect(dataUpdatedText({ snapshotDay: null, rollupDay: null, updatedAt: null })).toBeNull();
  });
});
