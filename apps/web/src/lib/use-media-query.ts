import { useSyncExternalStore } from 'react';

/** Whether the media query matches, following changes (antd's Grid.useBreakpoint without the Grid). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
  );
}
