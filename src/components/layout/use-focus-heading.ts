import { type RefObject, useEffect, useRef } from 'react';

const WAIT_MS = 3000;

/**
 * After moving to another page, focus goes to its heading (not <body>), so a screen reader
 * announces where the user is and Tab continues from the top of the new page. The first page of
 * a visit keeps the browser's own start; a lazily loaded screen is waited for.
 */
export function useFocusHeading(pathname: string, main: RefObject<HTMLElement | null>): void {
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const root = main.current;
    if (!root) return;
    const focus = () => {
      const heading = root.querySelector<HTMLElement>('h1');
      if (!heading) return false;
      heading.tabIndex = -1;
      heading.focus({ preventScroll: true });
      return true;
    };
    if (focus()) return;
    const observer = new MutationObserver(() => {
      if (focus()) observer.disconnect();
    });
    observer.observe(root, { childList: true, subtree: true });
    const timer = setTimeout(() => observer.disconnect(), WAIT_MS);
    return () => {
      observer.disconnect();
      clearTimeout(timer);
    };
  }, [pathname, main]);
}
