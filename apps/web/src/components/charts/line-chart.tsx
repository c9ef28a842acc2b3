import { useMemo } from 'react';
import { formatAxis, formatCount } from '@xg/shared';
import type { LineChartOption } from './echarts';
import { CHART_FRAME_HEIGHT, ChartFrame, chartValueText } from './chart-frame';
import { categoryAxis, valueAxis } from './axes';

/** Line charts are 400 px high (§2.6, §9). */
export const CHART_HEIGHT = CHART_FRAME_HEIGHT;

export interface LineChartSeries {
  name: string;
  /** null: no value that day — drawn as a gap in the line */
  values: readonly (number | null)[];
  color?: string;
}

export interface LineChartProps {
  /** Accessible description of the chart. */
  ariaLabel: string;
  /** X axis labels (dates). */
  categories: readonly string[];
  series: readonly LineChartSeries[];
  height?: number;
  /** Fill the area below a single series. */
  area?: boolean;
  /** Y axis labels; default 万 / 千万 (§9). */
  axisFormatter?: (value: number) => string;
  /** Tooltip values; default the count formatter (万). */
  valueFormatter?: (value: number) => string;
  /** X axis labels (the tooltip keeps the full category, e.g. the full date). */
  categoryLabelFormatter?: (category: string) => string;
  testId?: string;
}

/**
 * formatAxis (万 / 千万, one decimal) collapses a narrow range of big totals into identical labels
 * ("1.2千万" five times). Then the axis shows 万 with as many decimals as the range needs.
 */
export function axisFormatterFor(
  values: readonly number[],
  base: (value: number) => string,
): (value: number) => string {
  if (values.length === 0) return base;
  const min = Math.min(...values);
  const max = Math.max(...values);
  const range = max - min;
  if (range === 0 || Math.max(Math.abs(min), Math.abs(max)) < 10_000) return base;
  const ticks = Array.from({ length: 6 }, (_, index) => min + (range * index) / 5);
  if (new Set(ticks.map(base)).size === ticks.length) return base;
  const step = range / 10_000 / 5; // ~5 ticks, in 万
  const decimals = Math.min(4, Math.max(0, Math.ceil(-Math.log10(step))));
  return (value: number) =>
    Math.abs(value) < 10_000
      ? base(value)
      : `${(value / 10_000).toLocaleString('zh-CN', { minimumFractionDigits: decimals, maximumFractionDigits: decimals })}万`;
}

/**
 * What every line chart over dates draws the same way: the dates along x, the values up y (labels by
 * axisFormatterFor over all the values) and one smooth line per series, null values left as gaps.
 */
export function trendLines(
  categories: readonly string[],
  series: readonly LineChartSeries[],
  axisFormatter: (value: number) => string,
  categoryLabelFormatter: ((category: string) => string) | undefined,
) {
  const values = series.flatMap((s) => s.values.filter((v): v is number => v !== null));
  return {
    xAxis: categoryAxis(categories, categoryLabelFormatter),
    yAxis: valueAxis(axisFormatterFor(values, axisFormatter)),
    lines: series.map((s) => ({ type: 'line' as const, name: s.name, data: [...s.values], smooth: true })),
  };
}

export function LineChart({
  ariaLabel,
  categories,
  series,
  height = CHART_HEIGHT,
  area = false,
  axisFormatter = formatAxis,
  valueFormatter = formatCount,
  categoryLabelFormatter,
  testId = 'trend-chart',
}: LineChartProps) {
  const option = useMemo<LineChartOption>(() => {
    const { xAxis, yAxis, lines } = trendLines(categories, series, axisFormatter, categoryLabelFormatter);
    return {
      aria: { enabled: true, label: { description: ariaLabel } },
      color: series.map((s) => s.color).filter((c): c is string => Boolean(c)),
      grid: { left: 8, right: 24, top: series.length > 1 ? 44 : 24, bottom: 8, containLabel: true },
      legend: series.length > 1 ? { top: 8, icon: 'roundRect' } : { show: false },
      tooltip: {
        trigger: 'axis',
        confine: true,
        valueFormatter: chartValueText(valueFormatter),
      },
      xAxis,
      yAxis,
      series: lines.map((line) => ({
        ...line,
        showSymbol: categories.length <= 31,
        symbolSize: 6,
        lineStyle: { width: 2.5 },
        ...(area && series.length === 1 ? { areaStyle: { opacity: 0.12 } } : {}),
      })),
    };
  }, [ariaLabel, categories, series, area, axisFormatter, valueFormatter, categoryLabelFormatter]);

  return <ChartFrame option={option} ariaLabel={ariaLabel} height={height} testId={testId} />;
}
