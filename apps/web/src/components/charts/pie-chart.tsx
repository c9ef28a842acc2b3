import { useMemo } from 'react';
import { formatCount } from '@xg/shared';
import { CHART_FRAME_HEIGHT, ChartFrame, chartNumber, formatPercent } from './chart-frame';
import type { AnyChartOption } from './echarts-more';

export interface PieSlice {
  name: string;
  value: number;
  color?: string;
}

export interface PieChartProps {
  ariaLabel: string;
  slices: readonly PieSlice[];
  /** Values are shares in percent units: labels show the value with a % sign; otherwise the computed share. */
  percent?: boolean;
  /** A ring instead of a full pie. */
  donut?: boolean;
  height?: number;
  testId?: string;
}

const DEFAULT_COLORS = ['#1677ff', '#eb2f96', '#13c2c2', '#faad14', '#722ed1', '#f0552d', '#52c41a', '#8c8c8c'];

/** Shares of a whole (gender, partitions …); every label carries a % sign (§2.7). */
export function PieChart({
  ariaLabel,
  slices,
  percent = false,
  donut = true,
  height = CHART_FRAME_HEIGHT,
  testId = 'pie-chart',
}: PieChartProps) {
  const option = useMemo<AnyChartOption>(() => {
    const total = slices.reduce((sum, slice) => sum + slice.value, 0);
    const shareOf = (value: number): number => (percent ? value : total > 0 ? (value / total) * 100 : 0);
    return {
      aria: { enabled: true, label: { description: ariaLabel } },
      color: slices.map((slice, index) => slice.color ?? DEFAULT_COLORS[index % DEFAULT_COLORS.length] ?? '#1677ff'),
      legend: { bottom: 0, icon: 'circle', type: 'scroll' },
      tooltip: {
        trigger: 'item',
        confine: true,
        formatter: (params: unknown) => {
          if (typeof params !== 'object' || params === null) return '';
          const name = 'name' in params && typeof params.name === 'string' ? params.name : '';
          const value = 'value' in params ? chartNumber(params.value) : null;
          if (value === null) return name;
          return percent
            ? `${name}：${formatPercent(value)}`
            : `${name}：${formatCount(value)}（${formatPercent(shareOf(value))}）`;
        },
      },
      series: [
        {
          type: 'pie',
          radius: donut ? ['36%', '56%'] : [0, '56%'],
          // the pie and its labels keep out of the legend's row at the bottom: on a phone the labels of many
          // small slices stack down the left side and ran into the legend (the tour's 375 px screenshots)
          bottom: 32,
          center: ['50%', '50%'],
          avoidLabelOverlap: true,
          // slices under ~3 % keep their legend entry and tooltip but no label (many partitions)
          minShowLabelAngle: 10,
          itemStyle: { borderColor: '#fff', borderWidth: 2 },
          labelLine: { length: 10, length2: 8 },
          label: {
            color: '#595959',
            position: 'outside',
            lineHeight: 16,
            formatter: (params: { name?: string; value?: unknown }) => {
              const value = chartNumber(params.value);
              return `${params.name ?? ''}\n${value === null ? '-' : formatPercent(shareOf(value))}`;
            },
          },
          data: slices.map((slice) => ({ name: slice.name, value: slice.value })),
        },
      ],
    };
  }, [ariaLabel, slices, percent, donut]);
  return <ChartFrame option={option} ariaLabel={ariaLabel} height={height} testId={testId} />;
}
