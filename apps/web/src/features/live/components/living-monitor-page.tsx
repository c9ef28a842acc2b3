import { useState } from 'react';
import {
  Avatar,
  Button,
  Card,
  DatePicker,
  Empty,
  Form,
  Grid,
  Input,
  Popconfirm,
  Radio,
  Space,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import type { Dayjs } from 'dayjs';
import {
  LIVE_INTERVAL_S,
  LiveMsg,
  MONITOR_DURATION_LABELS,
  MONITOR_STATE_LABELS,
  allowedMonitorDurations,
  formatCount,
  type MonitorDuration,
} from '@xg/shared';
import { QueryFailed } from '../../../components/query-failed';
import { errorText } from '../../../lib/api-client';
import dayjs from '../../../lib/dayjs';
import { feedback } from '../../../lib/feedback';
import { trimmed } from '../../../lib/form-rules';
import { GateOverlay } from '../../gate/components/gate-overlay';
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

const DURATIONS: MonitorDuration[] = [1, 2, 3, 7];

interface AddForm {
  roomUrl: string;
  monitorDuration: MonitorDuration;
  sTime?: Dayjs;
}

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
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<AddForm>();
  const compact = Grid.useBreakpoint().md === false;
  const queryClient = useQueryClient();
  const query = useLiveMonitors(pageNo, feature.allowed);
  const allowed = allowedMonitorDurations(feature.userType);

  if (!feature.loading && !feature.allowed) {
    return (
      <GateOverlay feature="monitor.live" minHeight={480}>
        <Card variant="borderless">
          <Empty description="直播监测" />
        </Card>
      </GateOverlay>
    );
  }

  const handleAdd = async (v: AddForm) => {
    setSaving(true);
    try {
      const r = await addLiveMonitor({
        roomUrl: trimmed(v.roomUrl),
        monitorDuration: v.monitorDuration,
        sTime: (v.sTime ?? dayjs()).valueOf(),
      });
      void feedback().message.success(r.message);
      form.resetFields(['roomUrl']);
      setPageNo(1);
      void queryClient.invalidateQueries({ queryKey: LIVE_QUERY_ROOT });
    } catch (error) {
      console.warn('[live-monitor] add refused', errorText(error));
    } finally {
      setSaving(false);
    }
  };
  const handleDelete = async (id: number) => {
    try {
      const r = await deleteLiveMonitor(id);
      void feedback().message.success(r.message);
      void queryClient.invalidateQueries({ queryKey: LIVE_QUERY_ROOT });
    } catch (error) {
      console.warn('[live-monitor] delete refused', errorText(error));
    }
  };

  const columns: TableColumnsType<LiveMonitorItem> = [
    {
      key: 'room',
      title: '直播间',
      render: (_, r) => <RoomCell room={r} />,
    },
    {
      key: 'window',
      title: '监测时段',
      width: 190,
      responsive: ['lg'],
      render: (_, r) => `${dayjs(r.sTime).format('MM-DD HH:mm')} ~ ${dayjs(r.eTime).format('MM-DD HH:mm')}`,
    },
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
          <Popconfirm
            title="确定删除该直播监测吗？"
            okText="删除"
            cancelText="取消"
            okButtonProps={{ danger: true }}
            onConfirm={() => void handleDelete(r.id)}
          >
            <Button type="link" size="small" danger>
              删除
            </Button>
          </Popconfirm>
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
        <Form<AddForm>
          form={form}
          layout={compact ? 'vertical' : 'inline'}
          initialValues={{ monitorDuration: 1 }}
          onFinish={(v) => void handleAdd(v)}
        >
          <Form.Item
            name="roomUrl"
            rules={[{ required: true, whitespace: true, message: LiveMsg.roomRequired }]}
            style={{ minWidth: compact ? undefined : 340 }}
          >
            <Input
              aria-label="直播间链接"
              placeholder="直播间链接、房间号或UP主主页链接，如 https://live.bilibili.com/…"
              maxLength={300}
            />
          </Form.Item>
          <Form.Item name="monitorDuration">
            <Radio.Group
              options={DURATIONS.map((d) => ({
                label: MONITOR_DURATION_LABELS[d],
                value: d,
                disabled: !allowed.includes(d),
              }))}
            />
          </Form.Item>
          <Form.Item name="sTime">
            <DatePicker
              showTime={{ format: 'HH:mm' }}
              format="YYYY-MM-DD HH:mm"
              placeholder="开始时间（默认现在）"
              disabledDate={(d) => d.isBefore(dayjs().startOf('day'))}
            />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit" loading={saving}>
              加入监测
            </Button>
          </Form.Item>
        </Form>
      </Card>
      <Card variant="borderless">
        {query.isError ? (
          <QueryFailed title="直播监测列表加载失败" error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          <Table<LiveMonitorItem>
            rowKey="id"
            size={compact ? 'small' : 'middle'}
            tableLayout={compact ? 'fixed' : undefined}
            columns={columns}
            dataSource={query.data?.monitors ?? []}
            loading={query.isPending}
            aria-label="直播监测列表"
            locale={{ emptyText: <Empty description="暂无监测直播间，粘贴直播间链接加入监测" /> }}
            pagination={{
              current: pageNo,
              pageSize: LIVE_PAGE_SIZE,
              total: query.data?.total ?? 0,
              hideOnSinglePage: true,
              onChange: setPageNo,
            }}
          />
        )}
      </Card>
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
