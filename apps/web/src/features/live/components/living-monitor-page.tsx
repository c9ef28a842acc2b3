import { useState } from 'react';
import { Avatar, Button, Card, Grid, Space, Tag, Typography, type TableColumnsType } from 'antd';
import { LIVE_INTERVAL_S, LiveMsg, MONITOR_STATE_LABELS, allowedMonitorDurations, formatCount } from '@xg/shared';
import {
  MonitorAddForm,
  MonitorDeleteLink,
  MonitorGate,
  MonitorListCard,
  monitorWindowColumn,
} from '../../../components/monitor-watch';
import { useFeature } from '../../gate/hooks/use-feature';
import {
  LIVE_PAGE_SIZE,
  LIVE_QUERY_ROOT,
  addLiveMonitor,
  deleteLiveMonitor,
  useLiveMonitors,
  type LiveMonitorItem,
} from '../api/live-monitors';
import { LiveReportModal } from './live-report';
import '../live.css';

const LOG_TAG = 'live-monitor';

/**
 * 直播监测 /middleground/livingMonitor (component livingMonitor): add a live room (room link, room number or
 * the creator's homepage) with a window (24H … 7天 by tier); the team's live windows with state, minutes
 * sampled and peak online; the window report (online curve every minute, danmaku and paid value per minute,
 * sessions, the message stream and the senders' ranking). 专业版 and above (monitor.live).
 */
export function LivingMonitorPage() {
  const feature = useFeature('monitor.live');
  const [pageNo, setPageNo] = useState(1);
  const [openId, setOpenId] = useState<number | null>(null);
  const compact = Grid.useBreakpoint().md === false;
  const query = useLiveMonitors(pageNo, feature.allowed);

  if (!feature.loading && !feature.allowed) return <MonitorGate feature="monitor.live" title="直播监测" />;

  const columns: TableColumnsType<LiveMonitorItem> = [
    {
      key: 'room',
      title: '直播间',
      render: (_, r) => <RoomCell room={r} />,
    },
    monitorWindowColumn<LiveMonitorItem>(),
    {
      key: 'samples',
      title: '开播采样',
      width: 100,
      align: 'right',
      responsive: ['md'],
      render: (_, r) => `${r.samples}分钟`,
    },
    {
      key: 'peak',
      title: '峰值在线',
      width: 100,
      align: 'right',
      render: (_, r) => (r.peakOnline === null ? '—' : formatCount(r.peakOnline)),
    },
    {
      key: 'action',
      title: '操作',
      width: compact ? 76 : 160,
      render: (_, r) => (
        <Space size={0} wrap direction={compact ? 'vertical' : 'horizontal'}>
          <Button type="link" size="small" onClick={() => setOpenId(r.id)}>
            监测详情
          </Button>
          <MonitorDeleteLink
            title="确定删除该直播监测吗？"
            queryRoot={LIVE_QUERY_ROOT}
            logTag={LOG_TAG}
            remove={() => deleteLiveMonitor(r.id)}
          />
        </Space>
      ),
    },
  ];

  return (
    <div className="page-stack">
      <Card variant="borderless" title="直播监测">
        <Typography.Paragraph type="secondary">
          监测期内直播间开播时每{LIVE_INTERVAL_S / 60}分钟采集一次在线人数，并实时记录弹幕、礼物、醒目留言和上舰。
          {query.data ? `当前版本可同时监测 ${query.data.limit} 个直播间。` : ''}
        </Typography.Paragraph>
        <MonitorAddForm
          field="roomUrl"
          label="直播间链接"
          placeholder="直播间链接、房间号或UP主主页链接，如 https://live.bilibili.com/…"
          maxLength={300}
          requiredRule={{ required: true, whitespace: true, message: LiveMsg.roomRequired }}
          minWidth={340}
          compact={compact}
          allowed={allowedMonitorDurations(feature.userType)}
          queryRoot={LIVE_QUERY_ROOT}
          logTag={LOG_TAG}
          add={(roomUrl, body) => addLiveMonitor({ roomUrl, ...body })}
          onAdded={() => setPageNo(1)}
        />
      </Card>
      <MonitorListCard<LiveMonitorItem>
        query={query}
        failedTitle="直播监测列表加载失败"
        label="直播监测列表"
        emptyText="暂无监测直播间，粘贴直播间链接加入监测"
        columns={columns}
        compact={compact}
        pageNo={pageNo}
        pageSize={LIVE_PAGE_SIZE}
        onPage={setPageNo}
      />
      {openId !== null ? <LiveReportModal id={openId} onClose={() => setOpenId(null)} /> : null}
    </div>
  );
}

export function RoomCell({ room }: { room: LiveMonitorItem }) {
  return (
    <div className="live-room">
      <Avatar src={room.kolImg ?? undefined} size={40}>
        {room.kolName?.slice(0, 1) ?? '直'}
      </Avatar>
      <div className="live-room-text">
        <Typography.Text strong ellipsis>
          {room.kolName ?? `直播间 ${room.roomId}`}
        </Typography.Text>
        <span className="live-room-meta">
          房间号{' '}
          <a href={room.roomUrl} target="_blank" rel="noreferrer">
            {room.roomId}
          </a>
        </span>
        <span>
          <Tag color="blue">{MONITOR_STATE_LABELS[room.monitorState]}</Tag>
          {room.isLive ? <Tag color="red">直播中</Tag> : <Tag>未开播</Tag>}
        </span>
      </div>
    </div>
  );
}
