/**
 * The field app's few paths without a router library: /field (home), /field/positions/{id} and
 * /t/{tag}. Links inside the app change the history (pushState) and the screen follows; a path of
 * the console (its sign-in page, its dashboard) is a full page load, since the console is another
 * entry (index.html) with its own router.
 */
import { type AnchorHTMLAttributes, type MouseEvent, useSyncExternalStore } from 'react';

export type FieldRoute =
  | { name: 'home' }
  | { name: 'position'; id: number }
  | { name: 'tag'; tag: string }
  | { name: 'unknown' };

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

export function matchFieldPath(pathname: string): FieldRoute {
  if (/^\/field\/?$/.test(pathname)) return { name: 'home' };
  const position = /^\/field\/positions\/([^/]+)\/?$/.exec(pathname);
  if (position) {
    const id = Number(position[1]);
    return { name: 'position', id: Number.isInteger(id) && id > 0 ? id : 0 };
  }
  const tag = /^\/t\/([^/]+)\/?$/.exec(pathname);
  if (tag) return { name: 'tag', tag: decode(tag[1]).trim() };
  return { name: 'unknown' };
}

const listeners = new Set<() => void>();
const tell = () => {
  for (const listener of listeners) listener();
};
if (typeof window !== 'undefined') window.addEventListener('popstate', tell);

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current path, re-read on every in-app navigation and on Back/Forward. */
export function usePathname(): string {
  return useSyncExternalStore(subscribe, () => location.pathname);
}

/** Goes to a field path in the app; anything else loads that page. */
export function navigate(to: string, options: { replace?: boolean } = {}): void {
  if (matchFieldPath(new URL(to, location.href).pathname).name === 'unknown') {
    if (options.replace) location.replace(to);
    else location.assign(to);
    return;
  }
  if (options.replace) history.replaceState(null, '', to);
  else history.pushState(null, '', to);
  window.scrollTo(0, 0);
  tell();
}

export const tagPath = (tag: string) => `/t/${encodeURIComponent(tag)}`;
export const positionPath = (id: number) => `/field/positions/${id}`;

/** A link: an in-app navigation on a plain click, the browser's own on a modified one (new tab). */
export function FieldLink({
  to,
  onClick,
  ...rest
}: AnchorHTMLAttributes<HTMLAnchorElement> & { to: string }) {
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(to);
  };
  return <a {...rest} href={to} onClick={follow} />;
}
