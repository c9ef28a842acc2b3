import { useState } from 'react';
import { Button, Card, Popconfirm, Segmented, Space, Statistic, Table, Tag } from 'antd';
import dayjs from 'dayjs';
import { QueryFailed } from '../../../components/query-failed';
import { errorText } from '../../../lib/api-client';
import { useApp } from '../../../lib/use-app';
import { useConsoleAction, useConsoleQuery } from '../api/console-api';

interface QueueRow {
  name: string;
  queued: number;
  deferred: number;
  active: number;
  failed: number;
}
interface Pipeline {
  health: {
    generatedAt: string;
    schedulerLeader: boolean;
    queues: QueueRow[];
    errorRates: { name: string; total: number; failed: number }[];
  };
  failed: { id: string; name: string; retryCount: number; error: string; failedAt: string | null }[];
}
interface RequestRow {
  id: number;
  mid: number;
  input: string;
  state: string;
  error: string;
  createdAt: string;
  updatedAt: string;
  username: string;
  creatorName: string;
}

const STATE: Record<string, { label: string; color?: string }> = {
  queued: { label: '排队中', color: 'blue' },
  searchable: { label: '可搜索', color: 'cyan' },
  done: { label: '已完成', color: 'green' },
  failed: { label: '失败', color: 'red' },
  not_found: { label: '未找到', color: 'default' },
};
const fmt = (v: string | null) => (v ? dayjs(v).format('MM-DD HH:mm') : '—');

function Requests() {
  const [state, setState] = useState('all');
  const data = useConsoleQuery<{ list: RequestRow[]; counts: Record<string, number> }>(
    '/api/console/collectionRequests',
    { state },
  );
  if (data.isError)
    return <QueryFailed title="收录请求加载失败" error={data.error} onRetry={() => void data.refetch()} />;
  const counts = data.data?.counts ?? {};
  return (
    <Card size="small" title="用户收录请求" style={{ marginTop: 16 }}>
      <Segmented
        style={{ marginBottom: 12 }}
        value={state}
        onChange={(v) => setState(String(v))}
        options={[
          { value: 'all', label: '全部' },
          ...Object.entries(STATE).map(([k, s]) => ({ value: k, label: `${s.label}（${counts[k] ?? 0}）` })),
        ]}
      />
      <Table<RequestRow>
        rowKey="id"
        size="small"
        loading={data.isPending}
        dataSource={data.data?.list ?? []}
        scroll={{ x: 760 }}
        locale={{ emptyText: '暂无收录请求' }}
        columns={[
          { title: '提交时间', dataIndex: 'createdAt', width: 110, render: fmt },
          { title: 'UID', dataIndex: 'mid', width: 120 },
          { title: 'UP主', dataIndex: 'creatorName', render: (v: string, r) => v || r.input },
          { title: '提交人', dataIndex: 'username', width: 140, render: (v: string) => v || '—' },
          {
            title: '状态',
            dataIndex: 'state',
            width: 90,
            render: (v: string) => <Tag color={STATE[v]?.color}>{STATE[v]?.label ?? v}</Tag>,
          },
          { title: '错误', dataIndex: 'error' },
          { title: '更新', dataIndex: 'updatedAt', width: 110, render: fmt },
        ]}
      />
    </Card>
  );
}

/** 采集管道: queue depths and failures per job (the pipeline health API), failed jobs with retry, collection requests. */
export function PipelineScreen() {
  const { message } = useApp();
  const data = useConsoleQuery<Pipeline>('/api/console/pipeline');
  const retry = useConsoleAction<{ retried: number }>('/api/console/pipeline/retry');
  if (data.isError)
    return <QueryFailed title="采集管道加载失败" error={data.error} onRetry={() => void data.refetch()} />;
  const queues = data.data?.health.queues ?? [];
  const total = (k: keyof Omit<QueueRow, 'name'>) => queues.reduce((s, q) => s + q[k], 0);
  return (
    <>
      <Space wrap size="large" style={{ marginBottom: 12 }}>
        <Statistic title="排队" value={total('queued')} />
        <Statistic title="延后" value={total('deferred')} />
        <Statistic title="运行中" value={total('active')} />
        <Statistic
          title="失败"
          value={total('failed')}
          styles={{ content: { color: total('failed') ? '#cf1322' : undefined } }}
        />
        <Statistic title="调度器" value={data.data ? (data.data.health.schedulerLeader ? '在线' : '离线') : '—'} />
        <Button onClick={() => void data.refetch()} loading={data.isFetching}>
          刷新
        </Button>
      </Space>
      <Table<QueueRow>
        rowKey="name"
        size="small"
        loading={data.isPending}
        dataSource={queues}
        pagination={false}
        scroll={{ x: 640 }}
        columns={[
          { title: '任务', dataIndex: 'name' },
          { title: '排队', dataIndex: 'queued', width: 80 },
          { title: '延后', dataIndex: 'deferred', width: 80 },
          { title: '运行中', dataIndex: 'active', width: 80 },
          {
            title: '失败',
            dataIndex: 'failed',
            width: 80,
            render: (v: number) => (v ? <Tag color="red">{v}</Tag> : 0),
          },
          {
            title: '操作',
            key: 'op',
            width: 100,
            render: (_, q) => (
              <Popconfirm
                title={`重新排队 ${q.failed} 个失败的 ${q.name} 任务？`}
                disabled={q.failed === 0}
                onConfirm={() =>
                  retry.mutate(
                    { name: q.name },
                    {
                      onSuccess: (a) => void message.success(a.message),
                      onError: (e) => void message.error(errorText(e)),
                    },
                  )
                }
              >
                <Button size="small" type="link" disabled={q.failed === 0}>
                  重试失败
                </Button>
              </Popconfirm>
            ),
          },
        ]}
      />
      <Card size="small" title="最近失败的任务" style={{ marginTop: 16 }}>
        <Table
          rowKey="id"
          size="small"
          dataSource={data.data?.failed ?? []}
          pagination={{ pageSize: 10 }}
          scroll={{ x: 640 }}
          locale={{ emptyText: '没有失败的任务' }}
          columns={[
            { title: '时间', dataIndex: 'failedAt', width: 110, render: fmt },
            { title: '任务', dataIndex: 'name', width: 200 },
            { title: '重试次数', dataIndex: 'retryCount', width: 90 },
            { title: '错误', dataIndex: 'error' },
          ]}
        />
      </Card>
      <Requests />
    </>
  );
}
