/**
 * The sidebar (spec §2 Layout), derived from the screen registry (src/screens/registry.ts): a
 * screen with a `nav` entry is a link, placed in its group if it names one. Only the groups are
 * declared here.
 */
import type { Translation } from '../../i18n/locales/en.ts';
import { SCREENS, type ScreenDef } from '../../screens/registry.ts';
import type { AccessRule } from '../guards/require-access.ts';

export type NavLabel = `nav.${keyof Translation['nav']}`;

/** Spec §2: Management (users, positions, task management, position groups, user groups) and Administration. */
export const NAV_GROUPS = {
  management: { label: 'nav.management' },
  administration: { label: 'nav.administration', access: 'roles.read' },
} as const satisfies Record<string, { label: NavLabel; access?: AccessRule }>;

export type NavGroupId = keyof typeof NAV_GROUPS;

export type NavLink = {
  kind: 'link';
  id: string;
  label: NavLabel;
  icon: string;
  to: string;
  /** The paths that mark this entry active: its path and aliases (and their sub-paths). */
  paths: readonly string[];
  access?: AccessRule;
};
export type NavGroup = {
  kind: 'group';
  id: string;
  label: NavLabel;
  access?: AccessRule;
  children: NavLink[];
};
export type NavEntry = NavLink | NavGroup;

export function navFromScreens(screens: readonly ScreenDef[]): NavEntry[] {
  const entries: NavEntry[] = [];
  const groups = new Map<NavGroupId, NavGroup>();
  for (const screen of screens) {
    if (!screen.nav) continue;
    const link: NavLink = {
      kind: 'link',
      id: screen.id,
      label: screen.nav.label,
      icon: screen.nav.icon,
      to: screen.path,
      paths: [screen.path, ...(screen.aliases ?? [])],
      access: screen.access,
    };
    const groupId = screen.nav.group;
    if (!groupId) {
      entries.push(link);
      continue;
    }
    let group = groups.get(groupId);
    if (!group) {
      const declared: { label: NavLabel; access?: AccessRule } = NAV_GROUPS[groupId];
      group = { kind: 'group', id: groupId, label: declared.label, access: declared.access, children: [] };
      groups.set(groupId, group);
      entries.push(group);
    }
    group.children.push(link);
  }
  return entries;
}

/** The field app has its own frame (src/field) rather than a registered screen: one link to it, after the dashboard. */
export const FIELD_APP_LINK: NavLink = {
  kind: 'link',
  id: 'field',
  label: 'nav.fieldApp',
  icon: 'pi pi-mobile',
  to: '/field',
  paths: ['/field'],
  access: 'work_entries.create',
};

const [first, ...rest] = navFromScreens(SCREENS);
export const NAV: readonly NavEntry[] = [first, FIELD_APP_LINK, ...rest];

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
