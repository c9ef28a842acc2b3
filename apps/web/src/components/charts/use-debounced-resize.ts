import { useEffect, type RefObject } from 'react';

/** Chart resize is debounced 300 ms (§2.6, §9). */
export const CHART_RESIZE_DEBOUNCE_MS = 300;

/**
 * Calls `onResize` 300 ms after the last window resize or size change of the element (sider collapse,
 * drawer, grid reflow). echarts-for-react's own autoResize is not debounced, so it is turned off.
 */
export function useDebouncedResize(target: RefObject<HTMLElement | null>, onResize: () => void): void {
  useEffect(() => {
    let timer: number | undefined;
    const schedule = (): void => {
      window.clearTimeout(timer);
      timer = window.setTimeout(onResize, CHART_RESIZE_DEBOUNCE_MS);
    };
    window.addEventListener('resize', schedule);
    let observer: ResizeObserver | undefined;
    let lastWidth = target.current?.clientWidth ?? 0;
    if (target.current && typeof ResizeObserver !== 'undefined') {
      observer = new ResizeObserver((entries) => {
        const width = entries[0]?.contentRect.width ?? 0;
        if (width !== lastWidth) {
          lastWidth = width;
          schedule();
        }
      });
      observer.observe(target.current);
    }
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('resize', schedule);
      observer?.disconnect();
    };
  }, [target, onResize]);
}
