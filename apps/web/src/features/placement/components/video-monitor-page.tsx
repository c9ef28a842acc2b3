import { useState } from 'react';
import {
  Button,
  Card,
  DatePicker,
  Empty,
  Form,
  Grid,
  Input,
  Modal,
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
  MONITOR_DURATION_LABELS,
  MONITOR_STATE_LABELS,
  MONITOR_VIDEO_INTERVAL_S,
  PutMsg,
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

const DURATIONS: MonitorDuration[] = [1, 2, 3, 7];

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
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<{ videoUrl: string; monitorDuration: MonitorDuration; sTime?: Dayjs }>();
  const compact = Grid.useBreakpoint().md === false;
  const queryClient = useQueryClient();
  const query = useMonitorHistory(pageNo, feature.allowed);
  const allowed = allowedMonitorDurations(feature.userType);

  if (!feature.loading && !feature.allowed) {
    return (
      <GateOverlay feature="monitor.video" minHeight={480}>
        <Card variant="borderless">
          <Empty description="视频监测" />
        </Card>
      </GateOverlay>
    );
  }

  const handleAdd = async (v: { videoUrl: string; monitorDuration: MonitorDuration; sTime?: Dayjs }) => {
    setSaving(true);
    try {
      const r = await addMonitor({
        videoUrl: trimmed(v.videoUrl),
        monitorDuration: v.monitorDuration,
        sTime: (v.sTime ?? dayjs()).valueOf(),
      });
      void feedback().message.success(r.message);
      form.resetFields(['videoUrl']);
      void queryClient.invalidateQueries({ queryKey: PLACEMENT_QUERY_ROOT });
    } catch (error) {
      console.warn('[monitor] add refused', errorText(error));
    } finally {
      setSaving(false);
    }
  };
  const handleDelete = async (id: number) => {
    try {
      const r = await deleteMonitor(id);
      void feedback().message.success(r.message);
      void queryClient.invalidateQueries({ queryKey: PLACEMENT_QUERY_ROOT });
    } catch (error) {
      console.warn('[monitor] delete refused', errorText(error));
    }
  };

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
    {
      key: 'window',
      title: '监测时段',
      width: 190,
      responsive: ['lg'],
      render: (_, r) => `${dayjs(r.sTime).format('MM-DD HH:mm')} ~ ${dayjs(r.eTime).format('MM-DD HH:mm')}`,
    },
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
            <Popconfirm
              title="确定删除该监测吗？"
              okText="删除"
              cancelText="取消"
              okButtonProps={{ danger: true }}
              onConfirm={() => void handleDelete(r.id)}
            >
              <Button type="link" size="small" danger>
                删除
              </Button>
            </Popconfirm>
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
        <Form
          form={form}
          layout={compact ? 'vertical' : 'inline'}
          initialValues={{ monitorDuration: 1 }}
          onFinish={(v) => void handleAdd(v)}
        >
          <Form.Item
            name="videoUrl"
            rules={[{ required: true, message: PutMsg.linkRequired }]}
            style={{ minWidth: compact ? undefined : 320 }}
          >
            <Input
              aria-label="视频链接"
              placeholder="粘贴视频链接，如 https://www.bilibili.com/video/BV…"
              maxLength={500}
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
          <QueryFailed title="监测列表加载失败" error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          <Table<MonitorItem>
            rowKey="id"
            size={compact ? 'small' : 'middle'}
            tableLayout={compact ? 'fixed' : undefined}
            columns={columns}
            dataSource={query.data?.monitors ?? []}
            loading={query.isPending}
            aria-label="视频监测列表"
            locale={{ emptyText: <Empty description="暂无监测作品，粘贴视频链接加入监测" /> }}
            pagination={{
              current: pageNo,
              pageSize: MONITOR_PAGE_SIZE,
              total: query.data?.total ?? 0,
              hideOnSinglePage: true,
              onChange: setPageNo,
            }}
          />
        )}
      </Card>
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
