/**
 * Bar and pie charts on top of the line-chart setup of `./echarts` (the one `echarts/core` instance with its
 * registered parts). Importing this module registers the extra parts once; only the chart components here
 * import it.
 */
import { BarChart, PieChart, type BarSeriesOption, type LineSeriesOption, type PieSeriesOption } from 'echarts/charts';
import type { GridComponentOption, LegendComponentOption, TooltipComponentOption } from 'echarts/components';
import { echarts } from './echarts';

echarts.use([BarChart, PieChart]);

export type AnyChartOption = echarts.ComposeOption<
  | BarSeriesOption
  | PieSeriesOption
  | LineSeriesOption
  | GridComponentOption
  | TooltipComponentOption
  | LegendComponentOption
>;

export { echarts };
