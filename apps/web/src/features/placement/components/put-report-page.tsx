import { useState } from 'react';
import { Button, Card, Descriptions, Empty, Space, Typography } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { MONITOR_DURATION_LABELS, MONITOR_STATE_LABELS, MONITOR_VIDEO_INTERVAL_S, formatCount } from '@xg/shared';
import { QueryStateCard } from '../../../components/query-state-card';
import dayjs from '../../../lib/dayjs';
import { useAppNavigate } from '../../../lib/use-app-navigate';
import { usePutReport } from '../api/get-put-report';
import { ReportView } from './report-view';
import { WorkCell } from './work-cell';
import type { VideoReportRenderer } from './up-throw-page';
import '../placement.css';

/**
 * 投放报告 /middleground/videoRecordReportDetail?recordId= (component videoRecordReportDetail): the placement,
 * the work's curve during the window (every 5 minutes) and after it (hourly), totals and increments, cost per
 * 1,000 plays, cost per engagement and the expected band of the creator's usual videos; refreshed every minute.
 */
export function PutReportPage({ videoReport }: { videoReport: VideoReportRenderer }) {
  const [params] = useSearchParams();
  const raw = Number(params.get('recordId'));
  const recordId = Number.isInteger(raw) && raw > 0 ? raw : null;
  const query = usePutReport(recordId);
  const navigate = useAppNavigate();
  const [open, setOpen] = useState(false);

  if (recordId === null) {
    return (
      <Card variant="borderless">
        <Empty description="未指定投放记录">
          <Button onClick={() => navigate('/middleground/upThrow')}>返回投放管理</Button>
        </Empty>
      </Card>
    );
  }
  if (query.isPending || query.isError) {
    return <QueryStateCard query={query} failedTitle="投放报告加载失败" rows={12} />;
  }
  const { record, points, figures, intervalSeconds } = query.data;
  const window = record.sTime && record.eTime ? { start: record.sTime, end: record.eTime, intervalSeconds } : null;
  return (
    <div className="page-stack">
      <Card variant="borderless">
        <div className="placement-toolbar">
          <WorkCell
            cover={record.coverImg}
            title={record.title ?? record.bvid ?? '作品收录中'}
            sub={`${record.kolName ?? '—'} · 发布于 ${record.publishTime ? dayjs(record.publishTime).format('YYYY-MM-DD HH:mm') : '—'}`}
            tag={{ color: 'blue', text: MONITOR_STATE_LABELS[record.monitorState] }}
          />
          <Space wrap>
            <Button onClick={() => navigate('/middleground/upThrow')}>返回投放管理</Button>
            <Button type="primary" disabled={record.videoId === null} onClick={() => setOpen(true)}>
              视频30天数据
            </Button>
          </Space>
        </div>
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 4 }} style={{ marginTop: 16 }}>
          <Descriptions.Item label="推广费用">¥{record.promotionCost}</Descriptions.Item>
          <Descriptions.Item label="监测时长">{MONITOR_DURATION_LABELS[record.monitorDuration]}</Descriptions.Item>
          <Descriptions.Item label="监测时段">
            {record.sTime && record.eTime
              ? `${dayjs(record.sTime).format('MM-DD HH:mm')} ~ ${dayjs(record.eTime).format('MM-DD HH:mm')}`
              : '—'}
          </Descriptions.Item>
          <Descriptions.Item label="当前播放">
            {record.playNum === null ? '—' : formatCount(record.playNum)}
          </Descriptions.Item>
        </Descriptions>
        <Typography.Text type="secondary">
          监测期内每{MONITOR_VIDEO_INTERVAL_S / 60}分钟采集一次，结束后7天内每小时采集一次；采样缺失处曲线断开。
        </Typography.Text>
      </Card>
      <Card variant="borderless" title="投放效果">
        <ReportView points={points} figures={figures} window={window} withCost />
      </Card>
      {open && record.videoId !== null
        ? videoReport({ videoId: record.videoId, title: record.title ?? '' }, () => setOpen(false))
        : null}
    </div>
  );
}
