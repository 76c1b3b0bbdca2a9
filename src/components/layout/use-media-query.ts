import { useSyncExternalStore } from 'react';

export const LARGE_BREAKPOINT = '(min-width: 992px)';
/** At or above it a desk layout; below it a phone's: stacked table rows, folded filters. */
export const MEDIUM_BREAKPOINT = '(min-width: 768px)';

export function useMediaQuery(query: string, fallback = true): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window === 'undefined' || !window.matchMedia) return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => (typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(query).matches : fallback),
    () => fallback,
  );
}
