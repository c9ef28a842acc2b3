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
