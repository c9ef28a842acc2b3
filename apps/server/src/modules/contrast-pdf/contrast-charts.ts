import * as echarts from 'echarts/core';
import { BarChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TitleComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
import type { EChartsCoreOption } from 'echarts/core';
import { formatAxis, formatCount } from '@xg/shared';

/**
 * The comparison report's charts for the PDF: ECharts rendered on the server to an SVG string (`ssr: true`, no
 * DOM, no canvas), which `svg-to-pdfkit` then draws into the page as vector paths and text. Only the parts used
 * are registered (echarts/core), as on the web.
 */
echarts.use([BarChart, GridComponent, LegendComponent, TitleComponent, SVGRenderer]);

/** One colour per compared creator, in report order (ECharts 6's default palette, as the web's charts). */
export const CREATOR_COLORS = ['#5070dd', '#b6d634', '#505372', '#ff994d', '#0ca8df'] as const;
export function creatorColor(index: number): string {
  return CREATOR_COLORS[index % CREATOR_COLORS.length] ?? '#5070dd';
}

const TEXT = { fontSize: 9, color: '#4a4a4a' };
const LABEL = { show: true, fontSize: 8, color: '#333', textBorderWidth: 0 };

export interface ChartSize {
  width: number;
  height: number;
}

function toSvg(option: EChartsCoreOption, size: ChartSize): string {
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width: size.width, height: size.height });
  try {
    chart.setOption({ animation: false, textStyle: TEXT, ...option });
    // the <style> block only holds :hover rules, which a PDF has no use for
    return chart.renderToSVGString().replace(/<style[\s\S]*?<\/style>/g, '');
  } finally {
    chart.dispose();
  }
}

function valueLabel(unit: 'count' | 'percent') {
  return (p: { value: unknown }) =>
    typeof p.value === 'number' ? (unit === 'percent' ? `${trim(p.value)}%` : formatCount(p.value)) : '-';
}

function trim(n: number): string {
  return String(Math.round(n * 10) / 10);
}

/** One bar per creator (its own colour) for one figure, e.g. 粉丝数. */
export function creatorBars(
  title: string,
  names: readonly string[],
  values: readonly (number | null)[],
  size: ChartSize,
  unit: 'count' | 'percent' = 'count',
): string {
  return toSvg(
    {
      title: { text: title, left: 0, top: 0, textStyle: { fontSize: 10, fontWeight: 'bold', color: '#222' } },
      grid: { left: 48, right: 12, top: 30, bottom: 24 },
      xAxis: {
        type: 'category',
        data: [...names],
        // each name within its own slot of the plot (grid left 48 + right 12), cut with … when longer
        axisLabel: {
          ...TEXT,
          interval: 0,
          width: Math.max(30, (size.width - 60) / names.length - 6),
          overflow: 'truncate',
        },
      },
      yAxis: {
        type: 'value',
        axisLabel: { ...TEXT, formatter: (v: number) => (unit === 'percent' ? `${v}%` : formatAxis(v)) },
      },
      series: [
        {
          type: 'bar',
          barMaxWidth: 36,
          data: values.map((v, i) => ({ value: v, itemStyle: { color: creatorColor(i) } })),
          label: { ...LABEL, position: 'top', formatter: valueLabel(unit) },
        },
      ],
    },
    size,
  );
}

/** Categories along the axis (e.g. 点赞 / 投币 / … or age bands), one bar series per creator. */
export function groupedBars(
  title: string,
  categories: readonly string[],
  series: readonly { name: string; values: readonly (number | null)[] }[],
  size: ChartSize,
  unit: 'count' | 'percent' = 'count',
): string {
  return toSvg(
    {
      title: { text: title, left: 0, top: 0, textStyle: { fontSize: 10, fontWeight: 'bold', color: '#222' } },
      legend: { top: 0, right: 0, itemWidth: 12, itemHeight: 8, textStyle: TEXT },
      grid: { left: 48, right: 12, top: 34, bottom: 24 },
      xAxis: { type: 'category', data: [...categories], axisLabel: { ...TEXT, interval: 0 } },
      yAxis: {
        type: 'value',
        axisLabel: { ...TEXT, formatter: (v: number) => (unit === 'percent' ? `${v}%` : formatAxis(v)) },
      },
      series: series.map((s, i) => ({
        type: 'bar',
        name: s.name,
        barMaxWidth: 18,
        itemStyle: { color: creatorColor(i) },
        data: [...s.values],
        label: { ...LABEL, fontSize: series.length > 3 ? 6 : 7, position: 'top', formatter: valueLabel(unit) },
      })),
    },
    size,
  );
}

/** 性别: one 100 % stacked bar per creator (男 / 女), labelled with the percentages. */
export function genderBars(
  names: readonly string[],
  shares: readonly { male: number | null; female: number | null }[],
  size: ChartSize,
): string {
  const label = { ...LABEL, color: '#fff', position: 'inside' as const, formatter: valueLabel('percent') };
  return toSvg(
    {
      title: { text: '性别分布', left: 0, top: 0, textStyle: { fontSize: 10, fontWeight: 'bold', color: '#222' } },
      legend: { top: 0, right: 0, itemWidth: 12, itemHeight: 8, textStyle: TEXT },
      grid: { left: 90, right: 12, top: 30, bottom: 20 },
      xAxis: { type: 'value', max: 100, axisLabel: { ...TEXT, formatter: '{value}%' } },
      yAxis: {
        type: 'category',
        inverse: true,
        data: [...names],
        axisLabel: { ...TEXT, width: 80, overflow: 'truncate' },
      },
      series: (
        [
          ['男', '#4e8fe8', 'male'],
          ['女', '#f07aa0', 'female'],
        ] as const
      ).map(([name, color, key]) => ({
        type: 'bar' as const,
        name,
        stack: 'g',
        barMaxWidth: 18,
        itemStyle: { color },
        data: shares.map((s) => s[key]),
        label,
      })),
    },
    size,
  );
}
