import { useQuery } from '@tanstack/react-query';
import { Tooltip, Typography } from 'antd';
import { ClockCircleOutlined } from '@ant-design/icons';
import { apiGet } from '../lib/api-client';
import './data-updated.css';
import { nullable, object, string, type Decoder } from '../lib/decode';
import { dataUpdatedText, type DataStatus } from './data-updated-text';

export { shanghaiTime } from './data-updated-text';

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

/**
 * 数据截至…: the date of the data on screen (the newest snapshot day); when it was imported or collected and the
 * rankings' day are in the tooltip (data-updated-text.ts). Shown on every signed-in screen (the layout's head line).
 */
export function DataUpdated() {
  const query = useDataStatus();
  if (!query.data) return null;
  const line = dataUpdatedText(query.data);
  if (!line) {
    return (
      <Typography.Text type="secondary" className="data-updated" data-testid="data-updated">
        暂无数据（尚未导入或采集）
      </Typography.Text>
    );
  }
  return (
    <Tooltip title={line.tooltip}>
      <Typography.Text type="secondary" className="data-updated" data-testid="data-updated">
        <ClockCircleOutlined aria-hidden /> {line.text}
      </Typography.Text>
    </Tooltip>
  );
}
