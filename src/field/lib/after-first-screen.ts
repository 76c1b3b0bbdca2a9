/**
 * Resolves a little after the page has loaded: work that would compete with the first screen for
 * a weak link (the service worker's precache of the whole app, the offline pack) waits for it.
 */
const SETTLE_MS = 2_000;

let settled: Promise<void> | null = null;

export function afterFirstScreen(): Promise<void> {
  settled ??= new Promise<void>((resolve) => {
    const later = () => setTimeout(resolve, SETTLE_MS);
    if (document.readyState === 'complete') later();
    else window.addEventListener('load', later, { once: true });
  });
  return settled;
}
