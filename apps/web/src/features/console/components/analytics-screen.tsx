import { useState } from 'react';
import { Card, Segmented, Table } from 'antd';
import { USER_TYPE_LABELS, type AnalyticsFunnel } from '@xg/shared';
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
  funnel: AnalyticsFunnel;
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

const FUNNEL_LABELS: Record<AnalyticsFunnel['steps'][number]['key'], { title: string; hint: string }> = {
  visit: { title: '落地页访问', hint: '未登录访客在首页、推广页、内容报告等公开页面的访问次数' },
  signup: { title: '新注册账号', hint: '所选时间内注册的账号' },
  paid: { title: '付费账号', hint: '其中在所选时间内有已支付订单的账号' },
};

const percent = (rate: number | null) => (rate === null ? '—' : `${(rate * 100).toFixed(1)}%`);

/** 转化漏斗: the period's three steps, each bar relative to the largest step, with its conversion from the previous. */
function FunnelCard({ funnel, loading }: { funnel: AnalyticsFunnel | undefined; loading: boolean }) {
  const steps = funnel?.steps ?? [];
  const max = Math.max(1, ...steps.map((s) => s.count));
  return (
    <Card size="small" loading={loading} title="转化漏斗（访问 → 注册 → 付费）" style={{ marginBottom: 16 }}>
      <ol style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label="转化漏斗">
        {steps.map((s) => (
          <li key={s.key} style={{ marginBottom: 12 }}>
            <div style={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: 8 }}>
              <span title={FUNNEL_LABELS[s.key].hint}>
                {FUNNEL_LABELS[s.key].title} <strong>{s.count.toLocaleString('zh-CN')}</strong>
              </span>
              {s.rate !== null && <span style={{ color: '#666' }}>上一步转化率 {percent(s.rate)}</span>}
            </div>
            <div style={{ background: '#f0f0f0', borderRadius: 4, height: 10, marginTop: 4 }}>
              <div
                style={{
                  background: '#1677ff',
                  borderRadius: 4,
                  height: 10,
                  width: `${(s.count / max) * 100}%`,
                  minWidth: s.count > 0 ? 4 : 0,
                }}
              />
            </div>
          </li>
        ))}
      </ol>
      <div style={{ color: '#999', fontSize: 12 }}>
        自 {funnel?.from ?? '—'} 起；访问为未登录访客的公开页面访问次数，注册与付费只计所选时间内注册的账号。
      </div>
    </Card>
  );
}

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

/** 使用统计: the funnel; daily active accounts (by tier), searches, exports, sign-ups and paid orders; top pages. */
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
      <FunnelCard funnel={data.data?.funnel} loading={data.isPending} />
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
