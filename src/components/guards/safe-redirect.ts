/**
 * The page to return to after sign-in (the `redirect` search param). Only same-origin relative
 * paths are accepted, so the login page cannot be used as an open redirect.
 */
const BASE = 'http://console.invalid';

export function safeRedirect(value: unknown, fallback = '/'): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) {
    return fallback;
  }
  try {
    const url = new URL(value, BASE);
    if (url.origin !== BASE || url.pathname === '/login') return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}
