import { useMemo, useState } from 'react';
import { Card, Col, Empty, Row, Segmented, Skeleton, Spin, Typography } from 'antd';
import type { TrendPoint } from '@xg/shared';
import { ErrorBoundary } from '../../../components/error-boundary';
import { CHART_HEIGHT, LineChart, type LineChartSeries } from '../../../components/charts/line-chart';
import { useKolTrend, type TrendDays, type TrendType } from '../api/get-kol-trend';
import { QueryFailed } from '../../../components/query-failed';

const TYPE_OPTIONS: { label: string; value: TrendType }[] = [
  { label: '增量', value: 0 },
  { label: '总量', value: 1 },
];
const DAY_OPTIONS: { label: string; value: TrendDays }[] = [
  { label: '近7天', value: 7 },
  { label: '近30天', value: 30 },
  { label: '近90天', value: 90 },
];

interface Metric {
  key: 'fansNum' | 'playNum' | 'praiseNum';
  label: string;
  color: string;
}
const METRICS: readonly Metric[] = [
  { key: 'fansNum', label: '粉丝', color: '#f0552d' },
  { key: 'playNum', label: '播放', color: '#1677ff' },
  { key: 'praiseNum', label: '点赞', color: '#eb2f96' },
];

/** Default trend window (§9). */
const DEFAULT_DAYS: TrendDays = 30;

function shortDate(value: string): string {
  const match = /^\d{4}-(\d{2})-(\d{2})/.exec(value);
  return match ? `${match[1]}-${match[2]}` : value;
}

/** 趋势: fans, plays and likes over 7/30/90 days, as increments (type 0) or totals (type 1). */
export function CreatorTrendCard({ kolId }: { kolId: number }) {
  const [type, setType] = useState<TrendType>(1);
  const [dayNum, setDayNum] = useState<TrendDays>(DEFAULT_DAYS);
  const query = useKolTrend(kolId, type, dayNum);

  return (
    <Card
      variant="borderless"
      title="趋势"
      className="trend-card"
      extra={
        <div className="trend-controls">
          <Segmented<TrendType> aria-label="数据口径" options={TYPE_OPTIONS} value={type} onChange={setType} />
          <Segmented<TrendDays> aria-label="时间范围" options={DAY_OPTIONS} value={dayNum} onChange={setDayNum} />
        </div>
      }
    >
      {query.isPending ? (
        <Skeleton active paragraph={{ rows: 10 }} />
      ) : query.isError ? (
        <QueryFailed title="趋势数据加载失败" error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.trend.length === 0 ? (
        <Empty description="暂无趋势数据，UP主收录后每日更新" />
      ) : (
        <Spin spinning={query.isPlaceholderData} delay={200}>
          <TrendCharts points={query.data.trend} type={type} dayNum={dayNum} />
        </Spin>
      )}
    </Card>
  );
}

/**
 * Every calendar day from the first point to the last: a day without a point (not collected, or — for increments —
 * the day after a gap) stays empty, so the line shows the gap instead of bridging it (docs/metrics.md, "Gaps").
 */
function calendarDays(points: readonly TrendPoint[]): string[] {
  const first = points[0]?.dataDate;
  const last = points[points.length - 1]?.dataDate;
  if (!first || !last) return [];
  const days: string[] = [];
  for (
    let t = Date.parse(`${first.slice(0, 10)}T00:00:00Z`);
    t <= Date.parse(`${last.slice(0, 10)}T00:00:00Z`);
    t += 86_400_000
  ) {
    days.push(new Date(t).toISOString().slice(0, 10));
  }
  return days;
}

function TrendCharts({ points, type, dayNum }: { points: readonly TrendPoint[]; type: TrendType; dayNum: TrendDays }) {
  const categories = useMemo(() => calendarDays(points), [points]);
  const seriesByMetric = useMemo(() => {
    const byDay = new Map(points.map((point) => [point.dataDate.slice(0, 10), point]));
    return new Map<Metric['key'], LineChartSeries[]>(
      METRICS.map((metric) => [
        metric.key,
        [
          {
            name: `${metric.label}${type === 0 ? '增量' : '总量'}`,
            values: categories.map((day) => byDay.get(day)?.[metric.key] ?? null),
            color: metric.color,
          },
        ],
      ]),
    );
  }, [points, type, categories]);
  const gaps = categories.length - points.length;
  const kind = type === 0 ? '增量' : '总量';
  return (
    <Row gutter={[24, 24]}>
      {gaps > 0 ? (
        <Col xs={24}>
          <Typography.Text type="secondary" className="trend-gap-note">
            {type === 0
              ? `有${gaps}天无增量数据（当天或前一天未采集），图中断开显示，不把多日增长计为一天`
              : `有${gaps}天未采集，图中断开显示`}
          </Typography.Text>
        </Col>
      ) : null}
      {METRICS.map((metric, index) => (
        <Col key={metric.key} xs={24} xl={index === 0 ? 24 : 12}>
          <Typography.Title level={5} className="chart-title">
            {metric.label}
            {kind}
          </Typography.Title>
          <ErrorBoundary title={`${metric.label}趋势图加载失败`} resetKeys={[points, type]}>
            <LineChart
              ariaLabel={`近${dayNum}天${metric.label}${kind}趋势图`}
              categories={categories}
              series={seriesByMetric.get(metric.key) ?? []}
              height={CHART_HEIGHT}
              area
              categoryLabelFormatter={shortDate}
            />
          </ErrorBoundary>
        </Col>
      ))}
    </Row>
  );
}
