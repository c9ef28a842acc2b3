import { useMemo } from 'react';
import 'echarts-wordcloud';
import { CHART_FRAME_HEIGHT, ChartFrame } from './chart-frame';
import type { AnyChartOption } from './echarts-more';

export interface WordCloudWord {
  name: string;
  value: number;
}

export interface WordCloudChartProps {
  ariaLabel: string;
  words: readonly WordCloudWord[];
  height?: number;
  testId?: string;
}

const COLORS = ['#1677ff', '#eb2f96', '#13c2c2', '#fa8c16', '#722ed1', '#f5222d', '#52c41a', '#2f54eb'];

/**
 * A word cloud (the `wordCloud` series of echarts-wordcloud, registered on the app's one ECharts instance by the
 * import above): bigger words are more frequent; the tooltip gives the count.
 */
export function WordCloudChart({
  ariaLabel,
  words,
  height = CHART_FRAME_HEIGHT,
  testId = 'word-cloud-chart',
}: WordCloudChartProps) {
  const option = useMemo(
    () =>
      ({
        aria: { enabled: true, label: { description: ariaLabel } },
        tooltip: { show: true, confine: true, formatter: '{b}：{c}次' },
        series: [
          {
            type: 'wordCloud',
            shape: 'circle',
            left: 'center',
            top: 'center',
            width: '96%',
            height: '96%',
            sizeRange: [13, 46],
            rotationRange: [0, 0],
            gridSize: 8,
            drawOutOfBound: false,
            layoutAnimation: false,
            textStyle: {
              fontFamily: 'sans-serif',
              fontWeight: 'bold',
              color: (params: { dataIndex: number }) => COLORS[params.dataIndex % COLORS.length] ?? '#1677ff',
            },
            data: words.map((w) => ({ name: w.name, value: w.value })),
          },
        ],
      }) as unknown as AnyChartOption,
    [ariaLabel, words],
  );
  return <ChartFrame option={option} ariaLabel={ariaLabel} height={height} testId={testId} />;
}
