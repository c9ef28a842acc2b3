import { useState } from 'react';
import { Button, Card, Empty, Grid, Modal, Space, Tag, Typography, type TableColumnsType } from 'antd';
import {
  MONITOR_STATE_LABELS,
  MONITOR_VIDEO_INTERVAL_S,
  PutMsg,
  allowedMonitorDurations,
  formatCount,
} from '@xg/shared';
import {
  MonitorAddForm,
  MonitorDeleteLink,
  MonitorGate,
  MonitorListCard,
  monitorWindowColumn,
} from '../../../components/monitor-watch';
import { QueryFailed } from '../../../components/query-failed';
import { useFeature } from '../../gate/hooks/use-feature';
import {
  MONITOR_PAGE_SIZE,
  addMonitor,
  deleteMonitor,
  useMonitorHistory,
  useMonitorReport,
  type MonitorItem,
} from '../api/monitors';
import { PLACEMENT_QUERY_ROOT } from '../api/put-records';
import { ReportView } from './report-view';
import { WorkCell } from './work-cell';
import type { VideoReportRenderer } from './up-throw-page';
import '../placement.css';

const LOG_TAG = 'monitor';

/**
 * 视频监测 /middleground/videoMonitor (component videoMonitor): add a video by link with a window (24H … 7天 by
 * tier), the team's monitors (and its placements' windows) with their state and sample count, the report
 * (curve every 5 minutes, figures, expected band) and the 30-day video report. 专业版 and above (monitor.video).
 */
export function VideoMonitorPage({ videoReport }: { videoReport: VideoReportRenderer }) {
  const feature = useFeature('monitor.video');
  const [pageNo, setPageNo] = useState(1);
  const [openId, setOpenId] = useState<number | null>(null);
  const [trend, setTrend] = useState<{ videoId: number; title: string } | null>(null);
  const compact = Grid.useBreakpoint().md === false;
  const query = useMonitorHistory(pageNo, feature.allowed);

  if (!feature.loading && !feature.allowed) return <MonitorGate feature="monitor.video" title="视频监测" />;

  const columns: TableColumnsType<MonitorItem> = [
    {
      key: 'work',
      title: '监测作品',
      render: (_, r) => (
        <WorkCell
          cover={r.coverImg}
          title={r.title}
          sub={`${r.kolName}${r.source === 'placement' ? ' · 投放' : ''}`}
          tag={
            r.status === -1
              ? { color: 'red', text: '作品已删除/不可见' }
              : { color: 'blue', text: MONITOR_STATE_LABELS[r.monitorState] }
          }
        />
      ),
    },
    monitorWindowColumn<MonitorItem>(),
    {
      key: 'samples',
      title: '采样',
      width: 90,
      align: 'right',
      responsive: ['md'],
      render: (_, r) => `${r.samples}/${r.slotsDue}`,
    },
    { key: 'play', title: '播放', width: 90, align: 'right', render: (_, r) => formatCount(r.playNum) },
    {
      key: 'action',
      title: '操作',
      width: compact ? 76 : 210,
      render: (_, r) => (
        <Space size={0} wrap direction={compact ? 'vertical' : 'horizontal'}>
          <Button type="link" size="small" onClick={() => setOpenId(r.id)}>
            监测报告
          </Button>
          <Button type="link" size="small" onClick={() => setTrend({ videoId: r.videoId, title: r.title })}>
            30天数据
          </Button>
          {r.source === 'monitor' ? (
            <MonitorDeleteLink
              title="确定删除该监测吗？"
              queryRoot={PLACEMENT_QUERY_ROOT}
              logTag={LOG_TAG}
              remove={() => deleteMonitor(r.id)}
            />
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <div className="page-stack">
      <Card variant="borderless" title="视频监测">
        <Typography.Paragraph type="secondary">
          监测期内每{MONITOR_VIDEO_INTERVAL_S / 60}分钟采集一次作品数据，结束后7天内每小时采集一次。
          {query.data ? `当前版本可同时监测 ${query.data.limit} 个作品。` : ''}
        </Typography.Paragraph>
        <MonitorAddForm
          field="videoUrl"
          label="视频链接"
          placeholder="粘贴视频链接，如 https://www.bilibili.com/video/BV…"
          maxLength={500}
          requiredRule={{ required: true, message: PutMsg.linkRequired }}
          minWidth={320}
          compact={compact}
          allowed={allowedMonitorDurations(feature.userType)}
          queryRoot={PLACEMENT_QUERY_ROOT}
          logTag={LOG_TAG}
          add={(videoUrl, body) => addMonitor({ videoUrl, ...body })}
        />
      </Card>
      <MonitorListCard<MonitorItem>
        query={query}
        failedTitle="监测列表加载失败"
        label="视频监测列表"
        emptyText="暂无监测作品，粘贴视频链接加入监测"
        columns={columns}
        compact={compact}
        pageNo={pageNo}
        pageSize={MONITOR_PAGE_SIZE}
        onPage={setPageNo}
      />
      {openId !== null ? <MonitorReportModal id={openId} onClose={() => setOpenId(null)} /> : null}
      {trend ? videoReport(trend, () => setTrend(null)) : null}
    </div>
  );
}

function MonitorReportModal({ id, onClose }: { id: number; onClose: () => void }) {
  const query = useMonitorReport(id);
  return (
    <Modal open width={1000} title="视频监测报告" footer={null} onCancel={onClose}>
      {query.isPending ? (
        <Empty description="加载中…" />
      ) : query.isError ? (
        <QueryFailed title="监测报告加载失败" error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <>
          <Typography.Paragraph>
            <Tag color="blue">{MONITOR_STATE_LABELS[query.data.monitor.monitorState]}</Tag>
            {query.data.monitor.title}
          </Typography.Paragraph>
          <ReportView
            points={query.data.points}
            figures={query.data.figures}
            window={{
              start: query.data.monitor.sTime,
              end: query.data.monitor.eTime,
              intervalSeconds: MONITOR_VIDEO_INTERVAL_S,
            }}
            withCost={false}
          />
        </>
      )}
    </Modal>
  );
}
