import type { DataStatusAnswer } from '@xg/shared';

export type DataStatus = Pick<DataStatusAnswer, 'snapshotDay' | 'rollupDay' | 'updatedAt'>;

const TIME = new Intl.DateTimeFormat('zh-CN', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

/** '2026-11-24 08:05' (Asia/Shanghai) */
export function shanghaiTime(iso: string): string {
  const parts = Object.fromEntries(TIME.formatToParts(new Date(iso)).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

/**
 * The head line of every signed-in screen (issue #23, item 6): the data's own date — the newest day with daily
 * snapshots, 数据截至 … — and, in the tooltip only, when the data was last written (an import or a collection run:
 * importing old days today does not make old data look fresh) and the newest day of the rankings. Null: no data yet.
 */
export function dataUpdatedText(s: DataStatus): { text: string; tooltip: string } | null {
  if (!s.updatedAt && !s.snapshotDay) return null;
  const tooltip = [
    s.snapshotDay ? `每日数据截至 ${s.snapshotDay}` : '暂无每日数据',
    s.rollupDay ? `榜单截至 ${s.rollupDay}` : '榜单尚未生成',
    s.updatedAt ? `最近一次导入或采集于 ${shanghaiTime(s.updatedAt)}` : null,
  ]
    .filter(Boolean)
    .join('，');
  return { text: s.snapshotDay ? `数据截至 ${s.snapshotDay}` : '暂无每日数据', tooltip };
}
