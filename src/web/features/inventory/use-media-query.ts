import { useCallback, useSyncExternalStore } from 'react';

/** Whether a CSS media query matches now, following changes (a phone turned sideways). */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches);
}

/** From here up the filters sit beside the results; below, they open as the filter popup. */
export const WIDE_SCREEN = '(min-width: 992px)';
