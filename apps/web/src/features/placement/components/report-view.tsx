import { useMemo, useState } from 'react';
import { Alert, Card, Col, Empty, Row, Segmented, Statistic, Typography } from 'antd';
import { formatCount, type MonitorPoint, type ReportFigures } from '@xg/shared';
import { interactions } from '../../../components/charts/interactions';
import { CHART_HEIGHT, LineChart } from '../../../components/charts/line-chart';
import { MultiLineChart } from '../../../components/charts/multi-line-chart';
import { ErrorBoundary } from '../../../components/error-boundary';
import dayjs from '../../../lib/dayjs';

type Counts = Omit<MonitorPoint, 'ts'>;
const METRICS = interactions(['praiseNum', 'castCurrencyNum', 'collectNum', 'shareNum', 'commentNum', 'barrageNum']);
const TAIL_MS = 3600_000;

/** 0 increments (per sample), 1 totals — the toggle of §2.6. */
type CurveType = 0 | 1;

export interface ReportWindow {
  start: string;
  end: string;
  intervalSeconds: number;
}

/**
 * The slots of a window (every `intervalSeconds` from its start) and after it (hourly) up to the last sample,
 * each with its sample or null: a missed sample stays a gap in the line, never a drawn point.
 */
export function slotGrid(
  points: readonly MonitorPoint[],
  window: ReportWindow,
): { ts: number; point: MonitorPoint | null }[] {
  const byTs = new Map(points.map((p) => [Date.parse(p.ts), p]));
  const start = Date.parse(window.start);
  const end = Date.parse(window.end);
  const last = points.length ? Date.parse(points[points.length - 1]!.ts) : start;
  const out: { ts: number; point: MonitorPoint | null }[] = [];
  const step = window.intervalSeconds * 1000;
  for (let ts = start; ts <= Math.min(end, last); ts += step) out.push({ ts, point: byTs.get(ts) ?? null });
  for (let ts = end + TAIL_MS; ts <= last; ts += TAIL_MS) out.push({ ts, point: byTs.get(ts) ?? null });
  return out;
}

function yuan(value: string | null): string {
  return value === null ? '—' : `¥${value}`;
}

/**
 * The placement / monitor report: the figures a buyer pays for (totals and increments, cost per 1,000 plays,
 * cost per engagement, the expected band of the creator's usual videos — docs/metrics.md) and the curve of
 * plays and interactions at the sampling grain, during the window and hourly after it.
 */
export function ReportView({
  points,
  figures,
  window,
  withCost,
}: {
  points: readonly MonitorPoint[];
  figures: ReportFigures | null;
  window: ReportWindow | null;
  withCost: boolean;
}) {
  const [type, setType] = useState<CurveType>(1);
  const grid = useMemo(() => (window ? slotGrid(points, window) : []), [points, window]);
  const categories = useMemo(() => grid.map((g) => dayjs(g.ts).format('MM-DD HH:mm')), [grid]);
  const valuesOf = (key: keyof Counts) =>
    grid.map((g, i) => {
      if (!g.point) return null;
      if (type === 1) return g.point[key];
      const prev = i > 0 ? grid[i - 1]!.point : null;
      return prev ? g.point[key] - prev[key] : null;
    });
  const kind = type === 0 ? '增量' : '总量';

  if (!figures || !window) {
    return <Empty description="该投放未设置监测时段或作品尚未收录，暂无监测数据" />;
  }
  const inc = figures.increase;
  const gaps = Math.max(0, figures.slotsDue - figures.samples);
  return (
    <div className="page-stack">
      <Row gutter={[16, 16]}>
        <Col xs={12} md={6}>
          <Statistic title="播放总量" value={figures.last ? formatCount(figures.last.playNum) : '—'} />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title="监测期播放增量" value={inc ? formatCount(inc.playNum) : '—'} />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title="互动总量" value={figures.engagements === null ? '—' : formatCount(figures.engagements)} />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title="采样次数" value={`${figures.samples} / ${figures.slotsDue}`} />
        </Col>
        {withCost ? (
          <>
            <Col xs={12} md={6}>
              <Statistic title="千次播放成本" value={yuan(figures.cpm)} />
            </Col>
            <Col xs={12} md={6}>
              <Statistic title="单次互动成本" value={yuan(figures.costPerEngagement)} />
            </Col>
          </>
        ) : null}
        <Col xs={24} md={withCost ? 12 : 24}>
          <Card size="small" variant="outlined" title="与UP主近期作品对比">
            {figures.expected ? (
              <Typography.Paragraph style={{ marginBottom: 0 }} data-testid="expected-band">
                发布约{figures.expected.ageHours}小时的期望播放：{formatCount(figures.expected.low)} ~{' '}
                {formatCount(figures.expected.high)}（中位数 {formatCount(figures.expected.median)}，基于
                {figures.expected.videos}个近期作品）。本作品为期望中位数的
                <strong> {figures.versusExpected ?? '—'} </strong>倍
                {figures.last && figures.last.playNum < figures.expected.low ? '，低于期望区间' : ''}
                {figures.last && figures.last.playNum > figures.expected.high ? '，高于期望区间' : ''}。
              </Typography.Paragraph>
            ) : (
              <Typography.Text type="secondary">UP主近期作品的同龄数据不足3个，暂无法给出期望区间</Typography.Text>
            )}
          </Card>
        </Col>
      </Row>
      {gaps > 0 ? (
        <Alert type="warning" showIcon message={`监测期内有${gaps}次采样缺失，曲线在缺失处断开（不做插值）`} />
      ) : null}
      {inc ? (
        <Row gutter={[16, 8]} className="placement-increase">
          {METRICS.map((m) => (
            <Col key={m.key} xs={8} md={4}>
              <Statistic title={`${m.label}增量`} value={formatCount(inc[m.key])} />
            </Col>
          ))}
        </Row>
      ) : null}
      {grid.length === 0 ? (
        <Empty description="监测尚未开始或暂无采样，开始后每5分钟更新一次" />
      ) : (
        <>
          <div className="placement-curve-head">
            <Typography.Title level={5} style={{ margin: 0 }}>
              播放{kind}
            </Typography.Title>
            <Segmented<CurveType>
              aria-label="曲线口径"
              options={[
                { label: '增量', value: 0 },
                { label: '总量', value: 1 },
              ]}
              value={type}
              onChange={setType}
            />
          </div>
          <ErrorBoundary title="播放曲线加载失败" resetKeys={[grid, type]}>
            <LineChart
              ariaLabel={`监测期播放${kind}曲线`}
              categories={categories}
              series={[{ name: `播放${kind}`, values: valuesOf('playNum'), color: '#1677ff' }]}
              height={CHART_HEIGHT}
              area
              testId="placement-curve"
            />
          </ErrorBoundary>
          <Typography.Title level={5}>互动{kind}</Typography.Title>
          <ErrorBoundary title="互动曲线加载失败" resetKeys={[grid, type]}>
            <MultiLineChart
              ariaLabel={`监测期互动${kind}曲线`}
              categories={categories}
              series={METRICS.map((m) => ({ name: `${m.label}${kind}`, values: valuesOf(m.key), color: m.color }))}
              height={CHART_HEIGHT}
            />
          </ErrorBoundary>
        </>
      )}
    </div>
  );
}
