/**
 * The axes every trend chart draws the same way: dates along a category axis (labels thinned when they
 * overlap) and a value axis with dashed split lines and the §9 labels (万 / 千万) from the caller.
 */
export function categoryAxis(categories: readonly string[], labelFormatter?: (category: string) => string) {
  return {
    type: 'category' as const,
    boundaryGap: false,
    data: [...categories],
    axisTick: { show: false },
    axisLine: { lineStyle: { color: '#d9d9d9' } },
    axisLabel: {
      color: '#8c8c8c',
      hideOverlap: true,
      ...(labelFormatter ? { formatter: (value: string) => labelFormatter(value) } : {}),
    },
  };
}

export function valueAxis(label: (value: number) => string) {
  return {
    type: 'value' as const,
    scale: true,
    splitLine: { lineStyle: { type: 'dashed' as const, color: '#f0f0f0' } },
    axisLabel: { color: '#8c8c8c', formatter: (value: number) => label(value) },
  };
}

/** Every label of a names axis, cut to `width` px and turned by `rotate` degrees (BarChart `categoryLabels`). */
export interface CategoryLabels {
  width: number;
  rotate?: number;
}

/**
 * The label settings of a bar chart's category axis. By default labels that overlap are hidden (fine for age
 * bands or dates); a names axis (`labels`) shows every name — a phone showed only the first creator's —
 * cut with an ellipsis to its slot and turned, the tooltip keeping the whole name.
 */
export function barCategoryLabel(horizontal: boolean, labels: CategoryLabels | undefined) {
  if (labels) {
    return {
      hideOverlap: false,
      interval: 0,
      width: labels.width,
      overflow: 'truncate' as const,
      ellipsis: '…',
      rotate: labels.rotate ?? 0,
    };
  }
  return { hideOverlap: !horizontal, interval: horizontal ? 0 : ('auto' as const) };
}
