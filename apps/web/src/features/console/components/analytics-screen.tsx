import { useState } from 'react';
import { Card, Segmented, Table } from 'antd';
import { USER_TYPE_LABELS } from '@xg/shared';
import { QueryFailed } from '../../../components/query-failed';
import { useConsoleQuery } from '../api/console-api';

interface UsageRow {
  day: string;
  kind: 'active' | 'search' | 'export' | 'signup' | 'paid';
  userType: number;
  count: number;
}
interface Analytics {
  days: number;
  rows: UsageRow[];
  pages: { page: string; views: number; users: number }[];
}
interface DayRow {
  day: string;
  active: number;
  search: number;
  export: number;
  signup: number;
  paid: number;
  byTier: Record<number, number>;
}

const TIERS = [0, 1, 2, 3, 4];

/** Rows by day (newest first): totals per kind and active accounts per tier. */
function byDay(rows: UsageRow[]): DayRow[] {
  const days = new Map<string, DayRow>();
  for (const r of rows) {
    let d = days.get(r.day);
    if (!d) {
      d = { day: r.day, active: 0, search: 0, export: 0, signup: 0, paid: 0, byTier: {} };
      days.set(r.day, d);
    }
    d[r.kind] += r.count;
    if (r.kind === 'active') d.byTier[r.userType] = (d.byTier[r.userType] ?? 0) + r.count;
  }
  return [...days.values()].sort((a, b) => b.day.localeCompare(a.day));
}

/** 使用统计: daily active accounts (by tier), searches, exports, sign-ups and paid orders; top pages. */
export function AnalyticsScreen() {
  const [days, setDays] = useState(14);
  const data = useConsoleQuery<Analytics>('/api/console/analytics', { days });
  if (data.isError) return <QueryFailed title="统计加载失败" error={data.error} onRetry={() => void data.refetch()} />;
  const rows = byDay(data.data?.rows ?? []);
  return (
    <>
      <Segmented
        style={{ marginBottom: 12 }}
        value={days}
        onChange={(v) => setDays(Number(v))}
        options={[
          { value: 7, label: '近7天' },
          { value: 14, label: '近14天' },
          { value: 30, label: '近30天' },
        ]}
      />
      <Table<DayRow>
        rowKey="day"
        size="small"
        loading={data.isPending}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 900 }}
        locale={{ emptyText: '所选时间内没有使用记录' }}
        columns={[
          { title: '日期', dataIndex: 'day', width: 110, fixed: 'left' },
          { title: '日活账号', dataIndex: 'active', width: 90 },
          ...TIERS.map((t) => ({
            title: USER_TYPE_LABELS[t] ?? String(t),
            key: `t${t}`,
            width: 90,
            render: (_: unknown, r: DayRow) => r.byTier[t] ?? 0,
          })),
          { title: '搜索次数', dataIndex: 'search', width: 90 },
          { title: '导出次数', dataIndex: 'export', width: 90 },
          { title: '新注册', dataIndex: 'signup', width: 80 },
          { title: '付费订单', dataIndex: 'paid', width: 90 },
        ]}
      />
      <Card size="small" title="访问最多的页面（访问记录）" style={{ marginTop: 16 }}>
        <Table
          rowKey="page"
          size="small"
          dataSource={data.data?.pages ?? []}
          pagination={false}
          locale={{ emptyText: '暂无访问记录' }}
          columns={[
            { title: '页面', dataIndex: 'page' },
            { title: '访问次数', dataIndex: 'views', width: 100 },
            { title: '访问账号', dataIndex: 'users', width: 100 },
          ]}
        />
      </Card>
    </>
  );
}
