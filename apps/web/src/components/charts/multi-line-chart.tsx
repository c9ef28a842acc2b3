import { useMemo } from 'react';
import { formatAxis, formatCount } from '@xg/shared';
import { CHART_FRAME_HEIGHT, ChartFrame, chartValueText } from './chart-frame';
import type { AnyChartOption } from './echarts-more';
import { trendLines } from './line-chart';

export interface MultiLineSeries {
  name: string;
  values: readonly (number | null)[];
  color?: string;
}

export interface MultiLineChartProps {
  ariaLabel: string;
  /** X axis labels (dates). */
  categories: readonly string[];
  series: readonly MultiLineSeries[];
  /** Series names shown at first (the others can be switched on in the legend); default all. */
  initiallyShown?: readonly string[];
  axisFormatter?: (value: number) => string;
  valueFormatter?: (value: number) => string;
  categoryLabelFormatter?: (category: string) => string;
  height?: number;
  testId?: string;
}

const PALETTE = [
  '#1677ff',
  '#f0552d',
  '#13c2c2',
  '#faad14',
  '#722ed1',
  '#eb2f96',
  '#52c41a',
  '#2f54eb',
  '#fa8c16',
  '#a0d911',
  '#08979c',
  '#c41d7f',
];

/** Many lines over the same dates (traffic per partition): scrolling legend, tooltip sorted by value. */
export function MultiLineChart({
  ariaLabel,
  categories,
  series,
  initiallyShown,
  axisFormatter = formatAxis,
  valueFormatter = formatCount,
  categoryLabelFormatter,
  height = CHART_FRAME_HEIGHT,
  testId = 'multi-line-chart',
}: MultiLineChartProps) {
  const option = useMemo<AnyChartOption>(() => {
    const { xAxis, yAxis, lines } = trendLines(categories, series, axisFormatter, categoryLabelFormatter);
    const shown = initiallyShown ? new Set(initiallyShown) : null;
    return {
      aria: { enabled: true, label: { description: ariaLabel } },
      color: series.map((s, index) => s.color ?? PALETTE[index % PALETTE.length] ?? '#1677ff'),
      grid: { left: 8, right: 24, top: 48, bottom: 8, containLabel: true },
      legend: {
        type: 'scroll',
        top: 8,
        icon: 'roundRect',
        ...(shown ? { selected: Object.fromEntries(series.map((s) => [s.name, shown.has(s.name)])) } : {}),
      },
      tooltip: {
        trigger: 'axis',
        confine: true,
        order: 'valueDesc',
        valueFormatter: chartValueText(valueFormatter),
      },
      xAxis,
      yAxis,
      series: lines.map((line) => ({
        ...line,
        showSymbol: categories.length <= 7,
        connectNulls: false,
        lineStyle: { width: 2 },
        emphasis: { focus: 'series' },
      })),
    };
  }, [ariaLabel, categories, series, initiallyShown, axisFormatter, valueFormatter, categoryLabelFormatter]);
  return <ChartFrame option={option} ariaLabel={ariaLabel} height={height} testId={testId} />;
}
