import { useMemo } from 'react';
import { formatAxis, formatCount } from '@xg/shared';
import { CHART_FRAME_HEIGHT, ChartFrame, chartNumber, chartValueText, formatPercent } from './chart-frame';
import type { AnyChartOption } from './echarts-more';
import { barCategoryLabel, type CategoryLabels } from './axes';

export interface BarChartSeries {
  name: string;
  values: readonly number[];
  color?: string;
}

export interface BarChartProps {
  ariaLabel: string;
  /** Category labels (partitions, age bands, regions …). */
  categories: readonly string[];
  series: readonly BarChartSeries[];
  /** Bars grow to the right, categories listed top to bottom (long labels such as regions). */
  horizontal?: boolean;
  /** Values are shares in percent units (35.2 = 35.2 %): axis, labels and tooltip carry a % sign. */
  percent?: boolean;
  /** Print the value at the end of each bar. */
  showLabels?: boolean;
  /** Value axis labels; default 万 / 千万 (§9), or % when `percent`. */
  axisFormatter?: (value: number) => string;
  /** Tooltip and bar labels; default the count formatter (万), or % when `percent`. */
  valueFormatter?: (value: number) => string;
  /** Category axis labels (the tooltip keeps the full category). */
  categoryLabelFormatter?: (category: string) => string;
  /**
   * Show every category label (names: each bar must say whose it is), cut to `width` px with an ellipsis and
   * turned by `rotate` degrees; the tooltip keeps the full name. Default: labels that overlap are hidden.
   */
  categoryLabels?: CategoryLabels;
  height?: number;
  testId?: string;
}

const DEFAULT_COLORS = ['#1677ff', '#f0552d', '#13c2c2', '#faad14', '#722ed1', '#eb2f96'];

/** Vertical or horizontal bars, one or more series, counts with 万 or shares with %. */
export function BarChart({
  ariaLabel,
  categories,
  series,
  horizontal = false,
  percent = false,
  showLabels = false,
  axisFormatter,
  valueFormatter,
  categoryLabelFormatter,
  categoryLabels,
  height = CHART_FRAME_HEIGHT,
  testId = 'bar-chart',
}: BarChartProps) {
  const option = useMemo<AnyChartOption>(() => {
    const formatValue = valueFormatter ?? (percent ? (value: number) => formatPercent(value) : formatCount);
    const formatTick = axisFormatter ?? (percent ? (value: number) => formatPercent(value, 0) : formatAxis);
    const valueAxis = {
      type: 'value' as const,
      splitLine: { lineStyle: { type: 'dashed' as const, color: '#f0f0f0' } },
      axisLabel: { color: '#8c8c8c', formatter: (value: number) => formatTick(value) },
    };
    const categoryAxis = {
      type: 'category' as const,
      data: [...categories],
      inverse: horizontal, // the first category on top
      axisTick: { show: false },
      axisLine: { lineStyle: { color: '#d9d9d9' } },
      axisLabel: {
        color: '#595959',
        ...barCategoryLabel(horizontal, categoryLabels),
        ...(categoryLabelFormatter ? { formatter: (value: string) => categoryLabelFormatter(value) } : {}),
      },
    };
    return {
      aria: { enabled: true, label: { description: ariaLabel } },
      color: series.map((s, index) => s.color ?? DEFAULT_COLORS[index % DEFAULT_COLORS.length] ?? '#1677ff'),
      grid: {
        left: 8,
        right: showLabels && horizontal ? 56 : 24,
        top: series.length > 1 ? 44 : 24,
        bottom: 8,
        containLabel: true,
      },
      legend: series.length > 1 ? { top: 8, icon: 'roundRect', type: 'scroll' } : { show: false },
      tooltip: {
        trigger: 'axis',
        axisPointer: { type: 'shadow' },
        confine: true,
        valueFormatter: chartValueText(formatValue),
      },
      xAxis: horizontal ? valueAxis : categoryAxis,
      yAxis: horizontal ? categoryAxis : valueAxis,
      series: series.map((s) => ({
        type: 'bar',
        name: s.name,
        data: [...s.values],
        barMaxWidth: 28,
        itemStyle: { borderRadius: horizontal ? [0, 4, 4, 0] : [4, 4, 0, 0] },
        ...(showLabels
          ? {
              label: {
                show: true,
                position: horizontal ? ('right' as const) : ('top' as const),
                color: '#595959',
                formatter: ({ value }: { value?: unknown }) => {
                  const n = chartNumber(value);
                  return n === null ? '' : formatValue(n);
                },
              },
            }
          : {}),
      })),
    };
  }, [
    ariaLabel,
    categories,
    series,
    horizontal,
    percent,
    showLabels,
    axisFormatter,
    valueFormatter,
    categoryLabelFormatter,
    categoryLabels,
  ]);
  return <ChartFrame option={option} ariaLabel={ariaLabel} height={height} testId={testId} />;
}
