import { useQuery } from '@tanstack/react-query';
import { Tooltip, Typography } from 'antd';
import { ClockCircleOutlined } from '@ant-design/icons';
import type { DataStatusAnswer } from '@xg/shared';
import { apiGet } from '../lib/api-client';
import './data-updated.css';
import { nullable, object, string, type Decoder } from '../lib/decode';

type DataStatus = Pick<DataStatusAnswer, 'snapshotDay' | 'rollupDay' | 'updatedAt'>;

const decoder: Decoder<DataStatus> = object<DataStatus>({
  snapshotDay: nullable(string),
  rollupDay: nullable(string),
  updatedAt: nullable(string),
});

/** GET /api/dataStatus — shared by every screen (one request, cached a minute). */
export function useDataStatus() {
  return useQuery({
    queryKey: ['data-status'],
    queryFn: ({ signal }) => apiGet('/api/dataStatus', {}, decoder, { signal }),
    staleTime: 60_000,
    refetchInterval: 5 * 60_000,
  });
}

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
 * 数据更新于…: when the data on screen was last updated — the last write of collected data, the newest snapshot day
 * and the newest day the rankings cover. Shown on every signed-in screen (the layout's head line).
 */
export function DataUpdated() {
  const query = useDataStatus();
  if (!query.data) return null;
  const { updatedAt, snapshotDay, rollupDay } = query.data;
  if (!updatedAt && !snapshotDay) {
    return (
      <Typography.Text type="secondary" className="data-updated" data-testid="data-updated">
        暂无数据（尚未导入或采集）
      </Typography.Text>
    );
  }
  const detail = [
    snapshotDay ? `每日数据截至 ${snapshotDay}` : null,
    rollupDay ? `榜单截至 ${rollupDay}` : '榜单尚未生成',
  ]
    .filter(Boolean)
    .join('，');
  return (
    <Tooltip title={detail}>
      <Typography.Text type="secondary" className="data-updated" data-testid="data-updated">
        <ClockCircleOutlined aria-hidden /> 数据更新于 {updatedAt ? shanghaiTime(updatedAt) : snapshotDay}
      </Typography.Text>
    </Tooltip>
  );
}
