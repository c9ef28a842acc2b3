import { useMemo } from 'react';
import { rankAreas } from '@xg/shared';
import { BarChart } from './bar-chart';
import { CHART_FRAME_HEIGHT } from './chart-frame';

export interface RegionShare {
  /** Province or region name. */
  name: string;
  /** Share in percent units (12.5 = 12.5 %). */
  ratio: number;
}

export interface RegionBarChartProps {
  ariaLabel: string;
  regions: readonly RegionShare[];
  /** How many regions to show, largest first (default 10). */
  top?: number;
  height?: number;
  testId?: string;
  color?: string;
}

/**
 * Audience regions without a map: the largest shares as horizontal bars, largest on top, each labelled with
 * its % (§2.7 portraits). No geo data has to be shipped.
 */
export function RegionBarChart({
  ariaLabel,
  regions,
  top = 10,
  height = CHART_FRAME_HEIGHT,
  testId = 'region-bar-chart',
  color = '#13c2c2',
}: RegionBarChartProps) {
  // largest first, the catch-all 其他 last (rankAreas, issue #23)
  const sorted = useMemo(
    () =>
      rankAreas(
        regions,
        (r) => r.name,
        (r) => r.ratio,
      ).slice(0, top),
    [regions, top],
  );
  const categories = useMemo(() => sorted.map((region) => region.name), [sorted]);
  const series = useMemo(
    () => [{ name: '占比', values: sorted.map((region) => region.ratio), color }],
    [sorted, color],
  );
  return (
    <BarChart
      ariaLabel={ariaLabel}
      categories={categories}
      series={series}
      horizontal
      percent
      showLabels
      height={height}
      testId={testId}
    />
  );
}
