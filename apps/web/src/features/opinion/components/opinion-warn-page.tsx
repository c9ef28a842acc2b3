import { useState } from 'react';
import {
  Button,
  Card,
  Checkbox,
  Empty,
  Segmented,
  Select,
  Space,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { OpinionMsg, WARN_RULE_TEXT, WARN_STATE_TEXT, type OpinionWarning, type WarnState } from '@xg/shared';
import { usePagedParams } from '../../../components/list-filters';
import { QueryFailed } from '../../../components/query-failed';
import { feedback } from '../../../lib/feedback';
import { useListRefusal } from '../../collect/hooks/use-list-refusal';
import { ExportButton } from '../../export/components/export-button';
import { OPINION_QUERY_ROOT } from '../api/decoders';
import { useOpinionTasks } from '../api/tasks';
import { setWarnState, useOpinionWarnings } from '../api/warnings';
import '../opinion.css';
import { ScreenGate, type ScreenGateInfo } from '../../gate/components/screen-gate';

const PAGE_SIZE = 20;
const STATE_COLORS: Readonly<Record<WarnState, string>> = { 0: 'red', 1: 'blue', 2: 'default' };

function shanghaiTime(iso: string): string {
  const s = new Date(Date.parse(iso) + 8 * 3600_000).toISOString();
  return `${s.slice(0, 10)} ${s.slice(11, 16)}`;
}

const GATE: ScreenGateInfo = {
  feature: 'opinion.warn',
  title: '舆情预警',
  intro: '负面占比超限、关注词出现、声量突增时，站内、邮件和群机器人同时提醒。',
};

/**
 * opinionWarn (§2.5): the team's opinion warnings (negative share, watched words, volume spikes) with their state
 * (未读 / 已读 / 已处理), filtered by task and state, and the notice export (§7.6 opinionNotice).
 */
export function OpinionWarnPage() {
  return (
    <ScreenGate {...GATE}>
      <WarnScreen />
    </ScreenGate>
  );
}

function WarnScreen() {
  const { params, pageNo, update, setPage } = usePagedParams();
  const taskId = Number(params.get('taskId')) || undefined;
  const stateParam = params.get('state');
  const state =
    stateParam === '0' || stateParam === '1' || stateParam === '2' ? (Number(stateParam) as WarnState) : undefined;
  const query = { taskId, state };
  const warnings = useOpinionWarnings({ ...query, pageNo, pageSize: PAGE_SIZE });
  const tasks = useOpinionTasks();
  const queryClient = useQueryClient();
  const { handleRefusal, refusalHolder } = useListRefusal();
  const [selected, setSelected] = useState<number[]>([]);

  const mark = async (ids: number[], to: 1 | 2) => {
    if (ids.length === 0) return;
    try {
      const r = await setWarnState(ids, to);
      feedback().message.success(r.message);
      setSelected([]);
    } catch (error) {
      handleRefusal(error);
    } finally {
      await queryClient.invalidateQueries({ queryKey: OPINION_QUERY_ROOT });
    }
  };

  // The selection column is ours: the web build leaves antd's rowSelection out (apps/web/build-plugins.ts).
  const shownIds = (warnings.data?.warnings ?? []).map((w) => w.id);
  const allShown = shownIds.length > 0 && shownIds.every((id) => selected.includes(id));
  const someShown = shownIds.some((id) => selected.includes(id));
  const toggle = (id: number, on: boolean) =>
    setSelected((s) => (on ? (s.includes(id) ? s : [...s, id]) : s.filter((x) => x !== id)));
  const columns: TableColumnsType<OpinionWarning> = [
    {
      key: 'select',
      width: 44,
      title: (
        <Checkbox
          aria-label="选择本页全部预警"
          checked={allShown}
          indeterminate={someShown && !allShown}
          disabled={shownIds.length === 0}
          onChange={(e) => setSelected(e.target.checked ? shownIds : [])}
        />
      ),
      render: (_, w) => (
        <Checkbox
          aria-label={`选择预警 ${w.title}`}
          checked={selected.includes(w.id)}
          onChange={(e) => toggle(w.id, e.target.checked)}
        />
      ),
    },
    {
      key: 'title',
      title: '预警',
      render: (_, w) => (
        <div className="opinion-warning">
          <Space size={4} wrap>
            <Tag color={STATE_COLORS[w.state]}>{WARN_STATE_TEXT[w.state]}</Tag>
            <Tag>{WARN_RULE_TEXT[w.rule]}</Tag>
          </Space>
          <div className="opinion-warning-title">{w.title}</div>
          <Typography.Text type="secondary">{w.detail}</Typography.Text>
        </div>
      ),
    },
    { key: 'task', title: '任务', width: 140, render: (_, w) => w.taskName },
    { key: 'time', title: '预警时间', width: 140, render: (_, w) => shanghaiTime(w.createdAt) },
    {
      key: 'actions',
      title: '操作',
      width: 130,
      render: (_, w) => (
        <Space size={0}>
          {w.state === 0 ? (
            <Button size="small" type="link" onClick={() => void mark([w.id], 1)}>
              标为已读
            </Button>
          ) : null}
          {w.state !== 2 ? (
            <Button size="small" type="link" onClick={() => void mark([w.id], 2)} data-testid={`warn-handle-${w.id}`}>
              已处理
            </Button>
          ) : (
            <Typography.Text type="secondary">{w.handledBy ?? ''}</Typography.Text>
          )}
        </Space>
      ),
    },
  ];

  return (
    <div className="page-stack opinion-page" data-testid="opinion-warn">
      <Card
        variant="borderless"
        title={`舆情预警${warnings.data ? `（未读 ${warnings.data.unread}）` : ''}`}
        extra={
          <ExportButton
            list="opinionNotice"
            params={query}
            pageNo={pageNo}
            pageSize={PAGE_SIZE}
            total={warnings.data?.total ?? 0}
            exportName="舆情预警通知"
          />
        }
      >
        <Space wrap className="opinion-filters">
          <Select
            allowClear
            placeholder="全部任务"
            style={{ width: 200 }}
            value={taskId}
            onChange={(v: number | undefined) => update({ taskId: v === undefined ? undefined : String(v) })}
            options={(tasks.data?.tasks ?? []).map((t) => ({ value: t.id, label: t.name }))}
          />
          <Segmented
            value={state === undefined ? 'all' : String(state)}
            onChange={(v) => update({ state: v === 'all' ? undefined : String(v) })}
            options={[
              { value: 'all', label: '全部' },
              { value: '0', label: WARN_STATE_TEXT[0] },
              { value: '1', label: WARN_STATE_TEXT[1] },
              { value: '2', label: WARN_STATE_TEXT[2] },
            ]}
          />
          <Button disabled={selected.length === 0} onClick={() => void mark(selected, 1)}>
            批量标为已读
          </Button>
          <Button disabled={selected.length === 0} onClick={() => void mark(selected, 2)}>
            批量处理
          </Button>
        </Space>
        {warnings.isError ? (
          <QueryFailed title="预警加载失败" error={warnings.error} onRetry={() => void warnings.refetch()} />
        ) : (
          <Table<OpinionWarning>
            rowKey="id"
            columns={columns}
            dataSource={warnings.data?.warnings ?? []}
            loading={warnings.isFetching}
            scroll={{ x: 560 }}
            locale={{ emptyText: <Empty description={OpinionMsg.noWarnings} /> }}
            pagination={{ current: pageNo, pageSize: PAGE_SIZE, total: warnings.data?.total ?? 0, onChange: setPage }}
            data-testid="opinion-warn-list"
          />
        )}
      </Card>
      {refusalHolder}
    </div>
  );
}
