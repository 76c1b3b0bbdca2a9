/**
 * The sidebar's shape and the rules that read it. What it lists comes from the screen registry
 * beside the router (src/nav.ts), handed to the shell as a prop.
 */
import type { LinkProps } from '@tanstack/react-router';
import type { NavArea } from '../../i18n/areas/index.ts';
import type { Translation } from '../../i18n/locales/en.ts';
import type { AccessRule } from '../guards/require-access.ts';

/** A sidebar text: a group's or the field app's (core texts), or a screen area's own `nav`. */
export type NavLabel = `nav.${keyof Translation['nav']}` | `${NavArea}.nav`;

export type NavLink = {
  kind: 'link';
  id: string;
  label: NavLabel;
  icon: string;
  /** A path the router knows (typed by the registry's literal paths: a typo does not compile). */
  to: NonNullable<LinkProps['to']>;
  /** The paths that mark this entry active: its path and aliases (and their sub-paths). */
  paths: readonly string[];
  access?: AccessRule;
  /** Another page than the console's (the field app): a full page load. */
  reloadDocument?: boolean;
};
export type NavGroup = {
  kind: 'group';
  id: string;
  label: NavLabel;
  access?: AccessRule;
  children: NavLink[];
};
export type NavEntry = NavLink | NavGroup;

/** Entries the viewer may see; a group with no visible child is hidden. */
export function visibleNav(nav: readonly NavEntry[], allowed: (rule: AccessRule) => boolean): NavEntry[] {
  const may = (entry: { access?: AccessRule }) => !entry.access || allowed(entry.access);
  return nav.flatMap((entry): NavEntry[] => {
    if (!may(entry)) return [];
    if (entry.kind === 'link') return [entry];
    const children = entry.children.filter(may);
    return children.length > 0 ? [{ ...entry, children }] : [];
  });
}

/** `/` is active only on itself; any other path also on its sub-paths (/users/7, not /users-groups). */
export function isActivePath(pathname: string, link: Pick<NavLink, 'paths'>): boolean {
  return link.paths.some((path) =>
    path === '/' ? pathname === '/' : pathname === path || pathname.startsWith(`${path}/`),
  );
}
