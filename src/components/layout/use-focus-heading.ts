import { useEffect } from 'react';

const WAIT_MS = 3000;
let screensShown = 0;

/**
 * After moving to another page, focus goes to its heading (not <body>), so a screen reader
 * announces where the user is and Tab continues from the top of the new page. Called by every
 * screen as it mounts (the access gate does it for all): the first screen of a visit keeps the
 * browser's own start, and a heading that comes later (data, a chunk) is waited for.
 */
export function useFocusHeadingOnArrival(): void {
  useEffect(() => {
    if (screensShown++ === 0) return;
    const root = document.getElementById('main-content');
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
  }, []);
}
