import { Suspense, lazy, useState, type ReactNode } from 'react';
import {
  Button,
  Card,
  Empty,
  Grid,
  Input,
  Modal,
  Segmented,
  Space,
  Table,
  Typography,
  type TableColumnsType,
} from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import {
  MONITOR_DURATION_LABELS,
  MONITOR_STATE_LABELS,
  formatCount,
  promotionCostField,
  type PutRecord,
  type ReportFigures,
} from '@xg/shared';
import { DeleteConfirm } from '../../../components/confirm-remove';
import { QueryFailed } from '../../../components/query-failed';
import { QueryTable } from '../../../components/query-table';
import { errorText } from '../../../lib/api-client';
import dayjs from '../../../lib/dayjs';
import { feedback } from '../../../lib/feedback';
import { useAppNavigate } from '../../../lib/use-app-navigate';
import { GateOverlay } from '../../gate/components/gate-overlay';
import { useFeature } from '../../gate/hooks/use-feature';
import { useGroupReport } from '../api/get-put-report';
import {
  PLACEMENT_QUERY_ROOT,
  PUT_PAGE_SIZE,
  confirmPutRecordVideo,
  deletePutRecord,
  updatePutRecord,
  usePutGroups,
  usePutRecords,
} from '../api/put-records';
import { WorkCell } from './work-cell';
import '../placement.css';

const AddPlacementModal = lazy(() => import('./add-placement-modal').then((m) => ({ default: m.AddPlacementModal })));

export type VideoReportRenderer = (video: { videoId: number; title: string }, onClose: () => void) => ReactNode;

const STATE_COLORS: Record<string, string> = {
  waiting: 'default',
  monitoring: 'processing',
  after: 'cyan',
  ended: 'default',
  none: 'default',
};

function workTag(r: PutRecord): { color: string; text: string } | null {
  if (r.workState === 'collecting') return { color: 'orange', text: '作品收录中' };
  if (r.workState === 'awaiting') return { color: 'gold', text: r.candidate ? '发现新作品，待确认' : '等待作品发布' };
  if (r.monitorState === 'none') return null;
  return { color: STATE_COLORS[r.monitorState] ?? 'default', text: MONITOR_STATE_LABELS[r.monitorState] };
}

/**
 * 投放管理 /middleground/upThrow (component upThrow, §2.5): the team's placements by group (tId) — work, creator,
 * promotion cost, monitor window and state, plays — with 添加投放作品, 投放报告 (videoRecordReportDetail), the
 * 30-day video report, cost editing, deletion, the addType 2 match confirmation and the group view (分组报告).
 * 初级版 and above (placement.record).
 */
export function UpThrowPage({ videoReport }: { videoReport: VideoReportRenderer }) {
  const feature = useFeature('placement.record');
  const [tId, setTId] = useState<number | null>(null);
  const [pageNo, setPageNo] = useState(1);
  const [adding, setAdding] = useState(false);
  const [report, setReport] = useState<{ videoId: number; title: string } | null>(null);
  const [groupView, setGroupView] = useState(false);
  const [editing, setEditing] = useState<PutRecord | null>(null);
  const compact = Grid.useBreakpoint().md === false;
  const navigate = useAppNavigate();
  const queryClient = useQueryClient();
  const groups = usePutGroups();
  const query = usePutRecords(tId, pageNo);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: PLACEMENT_QUERY_ROOT });

  const act = async (run: () => Promise<{ message: string }>) => {
    try {
      const r = await run();
      void feedback().message.success(r.message);
      refresh();
    } catch (error) {
      console.warn('[placement] refused', errorText(error));
    }
  };

  const columns: TableColumnsType<PutRecord> = [
    {
      key: 'work',
      title: '投放作品',
      render: (_, r) => (
        <WorkCell
          cover={r.coverImg ?? r.candidate?.coverImg ?? null}
          title={r.title ?? r.candidate?.title ?? r.bvid ?? (r.addType === 2 ? '未发布作品' : '作品收录中')}
          sub={`${r.kolName ?? '—'}${r.groupName ? ` · ${r.groupName}` : ''}`}
          tag={workTag(r)}
        />
      ),
    },
    { key: 'cost', title: '推广费用', width: 120, align: 'right', render: (_, r) => `¥${r.promotionCost}` },
    {
      key: 'window',
      title: '监测时段',
      width: 200,
      responsive: ['lg'],
      render: (_, r) =>
        r.sTime && r.eTime ? (
          <span>
            {MONITOR_DURATION_LABELS[r.monitorDuration]}
            <br />
            <Typography.Text type="secondary">
              {dayjs(r.sTime).format('MM-DD HH:mm')} ~ {dayjs(r.eTime).format('MM-DD HH:mm')}
            </Typography.Text>
          </span>
        ) : (
          MONITOR_DURATION_LABELS[0]
        ),
    },
    {
      key: 'play',
      title: '播放',
      width: 100,
      align: 'right',
      responsive: ['md'],
      render: (_, r) => (r.playNum === null ? '—' : formatCount(r.playNum)),
    },
    {
      key: 'action',
      title: '操作',
      width: compact ? 84 : 250,
      render: (_, r) => (
        <Space size={0} wrap direction={compact ? 'vertical' : 'horizontal'}>
          <Button
            type="link"
            size="small"
            disabled={r.videoId === null}
            onClick={() =>
              navigate({ pathname: '/middleground/videoRecordReportDetail', search: `?recordId=${r.recordId}` })
            }
          >
            投放报告
          </Button>
          <Button
            type="link"
            size="small"
            disabled={r.videoId === null}
            onClick={() => r.videoId !== null && setReport({ videoId: r.videoId, title: r.title ?? '' })}
          >
            30天数据
          </Button>
          {r.candidate ? (
            <Button type="link" size="small" onClick={() => void act(() => confirmPutRecordVideo(r.recordId))}>
              确认作品
            </Button>
          ) : null}
          <Button type="link" size="small" onClick={() => setEditing(r)}>
            修改费用
          </Button>
          <DeleteConfirm
            title="确定删除该投放记录吗？"
            description="删除后其监测也将停止。"
            onConfirm={() => void act(() => deletePutRecord(r.recordId))}
          >
            <Button type="link" size="small" danger>
              删除
            </Button>
          </DeleteConfirm>
        </Space>
      ),
    },
  ];

  const body = (
    <div className="page-stack">
      <Card variant="borderless">
        <div className="placement-toolbar">
          <div>
            <Typography.Title level={4} style={{ margin: 0 }}>
              投放管理
            </Typography.Title>
            <Typography.Text type="secondary">
              记录投放作品与推广费用，按监测时长每5分钟采集作品数据，生成投放报告。
            </Typography.Text>
          </div>
          <Space wrap>
            <Button onClick={() => setGroupView(true)}>分组报告</Button>
            <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setAdding(true)}>
              添加投放作品
            </Button>
          </Space>
        </div>
      </Card>
      <Card variant="borderless">
        <Segmented<number>
          aria-label="投放分组"
          value={tId ?? 0}
          onChange={(v) => {
            setTId(v === 0 ? null : v);
            setPageNo(1);
          }}
          options={[
            { label: '全部', value: 0 },
            ...(groups.data ?? []).map((g) => ({ label: g.themeName, value: g.id })),
          ]}
          style={{ marginBottom: 16, maxWidth: '100%', overflowX: 'auto' }}
        />
        <QueryTable<PutRecord>
          query={query}
          failedTitle="投放记录加载失败"
          rowKey="recordId"
          label="投放记录"
          emptyText="暂无投放记录，点击“添加投放作品”开始记录"
          columns={columns}
          rows={query.data?.records ?? []}
          total={query.data?.total ?? 0}
          compact={compact}
          pageNo={pageNo}
          pageSize={PUT_PAGE_SIZE}
          onPage={setPageNo}
        />
      </Card>
      {adding ? (
        <Suspense fallback={null}>
          <AddPlacementModal userType={feature.userType} onClose={() => setAdding(false)} />
        </Suspense>
      ) : null}
      {report ? videoReport(report, () => setReport(null)) : null}
      {groupView ? <GroupReportModal tId={tId} onClose={() => setGroupView(false)} /> : null}
      {editing ? <EditCostModal record={editing} onClose={() => setEditing(null)} onSaved={refresh} /> : null}
    </div>
  );

  if (feature.loading || feature.allowed) return body;
  return (
    <GateOverlay feature="placement.record" minHeight={480}>
      <Card variant="borderless">
        <Empty description="投放管理" />
      </Card>
    </GateOverlay>
  );
}

function EditCostModal({ record, onClose, onSaved }: { record: PutRecord; onClose: () => void; onSaved: () => void }) {
  const [value, setValue] = useState(record.promotionCost);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const handleOk = async () => {
    const parsed = promotionCostField.safeParse(value.trim());
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? '输入有误');
      return;
    }
    setSaving(true);
    try {
      const r = await updatePutRecord({ recordId: record.recordId, promotionCost: parsed.data });
      void feedback().message.success(r.message);
      onSaved();
      onClose();
    } catch (e) {
      console.warn('[placement] update refused', errorText(e));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open
      title="修改推广费用"
      onCancel={onClose}
      onOk={() => void handleOk()}
      confirmLoading={saving}
      okText="保存"
      cancelText="取消"
    >
      <Input
        aria-label="推广费用"
        addonBefore="¥"
        inputMode="decimal"
        value={value}
        status={error ? 'error' : undefined}
        onChange={(e) => {
          setValue(e.target.value);
          setError(null);
        }}
      />
      {error ? <Typography.Text type="danger">{error}</Typography.Text> : null}
    </Modal>
  );
}

/** 分组报告: every placement of the chosen group (or all) side by side with the campaign's totals. */
function GroupReportModal({ tId, onClose }: { tId: number | null; onClose: () => void }) {
  const query = useGroupReport(tId, true);
  const columns: TableColumnsType<{ record: PutRecord; figures: ReportFigures | null }> = [
    {
      key: 'work',
      title: '作品',
      render: (_, r) => r.record.title ?? r.record.bvid ?? '—',
      ellipsis: true,
    },
    { key: 'cost', title: '推广费用', width: 110, align: 'right', render: (_, r) => `¥${r.record.promotionCost}` },
    {
      key: 'plays',
      title: '播放',
      width: 90,
      align: 'right',
      render: (_, r) => (r.figures?.last ? formatCount(r.figures.last.playNum) : '—'),
    },
    {
      key: 'cpm',
      title: '千次播放成本',
      width: 120,
      align: 'right',
      render: (_, r) => (r.figures?.cpm ? `¥${r.figures.cpm}` : '—'),
    },
    {
      key: 'cpe',
      title: '单次互动成本',
      width: 120,
      align: 'right',
      responsive: ['md'],
      render: (_, r) => (r.figures?.costPerEngagement ? `¥${r.figures.costPerEngagement}` : '—'),
    },
    {
      key: 'vs',
      title: '对比期望',
      width: 100,
      align: 'right',
      responsive: ['md'],
      render: (_, r) => (r.figures?.versusExpected == null ? '—' : `${r.figures.versusExpected}倍`),
    },
  ];
  return (
    <Modal open width={1000} title="分组投放报告" footer={null} onCancel={onClose}>
      {query.isError ? (
        <QueryFailed title="分组报告加载失败" error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <>
          {query.data ? (
            <Typography.Paragraph>
              合计推广费用 ¥{query.data.totals.promotionCost}，合计播放 {formatCount(query.data.totals.playNum)}
              ，整体千次播放成本 {query.data.totals.cpm ? `¥${query.data.totals.cpm}` : '—'}
            </Typography.Paragraph>
          ) : null}
          <Table
            rowKey={(r) => r.record.recordId}
            size="small"
            columns={columns}
            dataSource={query.data?.items ?? []}
            loading={query.isPending}
            pagination={false}
            locale={{ emptyText: <Empty description="该分组暂无投放记录" /> }}
          />
        </>
      )}
    </Modal>
  );
}
