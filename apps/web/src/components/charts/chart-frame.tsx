import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import { echarts, type AnyChartOption } from './echarts-more';
import { useDebouncedResize } from './use-debounced-resize';

/** Charts are 400 px high (§2.6, §9). */
export const CHART_FRAME_HEIGHT = 400;

const CHART_OPTS = { renderer: 'canvas' } as const;

export interface ChartFrameProps {
  option: AnyChartOption;
  ariaLabel: string;
  height?: number;
  testId: string;
}

/**
 * The wrapper every chart (LineChart included) renders into: a fixed height (400 px by default), resize debounced
 * 300 ms, and `data-rendered="true"` once ECharts reports the current option fully drawn, so tests and
 * screenshots wait for the real picture instead of sleeping.
 */
export function ChartFrame({ option, ariaLabel, height = CHART_FRAME_HEIGHT, testId }: ChartFrameProps) {
  const wrapperRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<ReactEChartsCore>(null);
  const [drawnOption, setDrawnOption] = useState<AnyChartOption | null>(null);
  const latestOption = useRef(option);
  useLayoutEffect(() => {
    latestOption.current = option;
  }, [option]);
  const onEvents = useMemo(() => ({ finished: () => setDrawnOption(latestOption.current) }), []);

  const handleResize = useCallback(() => {
    chartRef.current?.getEchartsInstance()?.resize({ width: 'auto', height: 'auto' });
  }, []);
  useDebouncedResize(wrapperRef, handleResize);

  return (
    <div
      ref={wrapperRef}
      data-testid={testId}
      data-rendered={drawnOption === option ? 'true' : 'false'}
      role="img"
      aria-label={ariaLabel}
      style={{ width: '100%', height }}
    >
      <ReactEChartsCore
        ref={chartRef}
        echarts={echarts}
        option={option}
        notMerge
        autoResize={false}
        onEvents={onEvents}
        style={{ width: '100%', height }}
        opts={CHART_OPTS}
      />
    </div>
  );
}

/** A number from an ECharts callback value, or null. */
export function chartNumber(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** A tooltip's value formatter: the number by `format`, '-' where there is none (a gap). */
export function chartValueText(format: (value: number) => string): (value: unknown) => string {
  return (value) => {
    const n = chartNumber(value);
    return n === null ? '-' : format(n);
  };
}

/** Percent text of a share already in percent units (35.2 → "35.2%"). */
export function formatPercent(value: number, digits = 1): string {
  const fixed = value.toFixed(digits);
  return `${fixed.includes('.') ? fixed.replace(/\.?0+$/, '') : fixed}%`;
}
