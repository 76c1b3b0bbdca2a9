/**
 * The sidebar's entries, derived from the screen registry (screen-registry.ts): a screen with a
 * `nav` entry is a link, placed in its group if it names one. Only the groups are declared here.
 * The router hands NAV to the app shell.
 */
import type { AccessRule } from './components/guards/require-access.ts';
import type { NavEntry, NavGroup, NavLabel, NavLink } from './components/layout/nav-config.ts';
import { TRASH_READERS } from './domain/trash.ts';
import { SCREENS, type ScreenDef, type ScreenPath } from './screen-registry.ts';

/** The sidebar's groups; a screen names the one it sits in. */
export const NAV_GROUPS = {
  management: { label: 'nav.management' },
  // Managers without roles.read still see it for the Trash (they may delete tasks).
  administration: { label: 'nav.administration', access: { anyOf: ['roles.read', ...TRASH_READERS] } },
} as const satisfies Record<string, { label: NavLabel; access?: AccessRule }>;

export type NavGroupId = keyof typeof NAV_GROUPS;

export function navFromScreens(screens: readonly ScreenDef<ScreenPath>[]): NavEntry[] {
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

/**
 * The field app has its own frame (src/field) rather than a registered screen: one link to it,
 * after the dashboard.
 */
export const FIELD_APP_LINK: NavLink = {
  kind: 'link',
  id: 'field',
  label: 'nav.fieldApp',
  icon: 'pi pi-mobile',
  to: '/field',
  paths: ['/field'],
  access: 'work_entries.create',
  // The field app is its own page (field.html).
  reloadDocument: true,
};

const [first, ...rest] = navFromScreens(SCREENS);
export const NAV: readonly NavEntry[] = [first, FIELD_APP_LINK, ...rest];
