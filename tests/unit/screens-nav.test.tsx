/** The sidebar, derived from the screen registry, and the login error text. */
import { describe, expect, it } from 'vitest';
import { isAllowed } from '../../src/components/guards/require-access.ts';
import {
  isActivePath,
  type NavEntry,
  type NavLink,
  visibleNav,
} from '../../src/components/layout/nav-config.ts';
import type { Role } from '../../src/domain/permissions.ts';
import { NAV, navFromScreens } from '../../src/nav.ts';
import { SCREENS, type ScreenDef, type ScreenPath } from '../../src/screen-registry.ts';
import { translateLoginError } from '../../src/screens/login/login-error.ts';

const ids = (entries: NavEntry[]) =>
  entries.map((e) => (e.kind === 'link' ? e.id : `${e.id}[${e.children.map((c) => c.id).join(',')}]`));
const navFor = (role: Role, nav: readonly NavEntry[] = NAV) =>
  ids(visibleNav(nav, (rule) => isAllowed(role, rule)));
// Made-up screens: their paths are not the registry's, so they are cast.
const screen = (id: string, extra: Partial<ScreenDef<ScreenPath>>): ScreenDef<ScreenPath> => ({
  id,
  path: `/${id}` as ScreenPath,
  access: 'dashboard.view',
  component: () => null,
  ...extra,
});

describe('sidebar navigation', () => {
  it('lists the registered screens by permission and hides groups without a visible child', () => {
    expect(navFor('admin')).toEqual([
      'dashboard',
      'field',
      'management[users,positions,position-tasks,position-task-assignments,position-groups,visit-schedules,user-groups]',
      'work-entries',
      'coverage',
      'administration[roles,site-settings,system-status,webhooks,audit-log,trash]',
    ]);
    // A manager may delete tasks (templates, assignments, dependencies): the Trash shows them.
    expect(navFor('manager')).toEqual([
      'dashboard',
      'management[users,positions,position-tasks,position-task-assignments,position-groups,visit-schedules,user-groups]',
      'work-entries',
      'coverage',
      'administration[trash]',
    ]);
    expect(navFor('worker')).toEqual([
      'dashboard',
      'field',
      'management[positions,position-tasks,position-task-assignments,visit-schedules]',
      'work-entries',
    ]);
  });

  it('keeps the registry order, puts a group where its first screen is, and honours the group access', () => {
    const nav = navFromScreens([
      screen('dashboard', { nav: { label: 'dashboard.nav', icon: '' } }),
      screen('users', { access: 'users.read', nav: { label: 'users.nav', icon: '', group: 'management' } }),
      screen('hidden', {}),
      screen('roles', {
        access: 'roles.read',
        nav: { label: 'users.nav', icon: '', group: 'administration' },
      }),
      screen('more', { nav: { label: 'users.nav', icon: '', group: 'management' } }),
    ]);
    expect(navFor('owner', nav)).toEqual(['dashboard', 'management[users,more]', 'administration[roles]']);
    expect(navFor('manager', nav)).toEqual(['dashboard', 'management[users,more]']);
    expect(navFor('worker', nav)).toEqual(['dashboard', 'management[more]']);
  });

  it('writes each screen once: one path per route, each with its access rule', () => {
    const paths = SCREENS.flatMap((s) => [s.path, ...(s.aliases ?? [])]);
    expect(new Set(paths).size).toBe(paths.length);
    expect(new Set(SCREENS.map((s) => s.id)).size).toBe(SCREENS.length);
  });

  it('types a link by the paths the router knows (the literal paths of the registry)', () => {
    const known: NavLink['to'][] = ['/users', '/dashboard', '/field'];
    // @ts-expect-error: no screen has this path, so no link may go there
    const unknown: NavLink['to'] = '/no-such-screen';
    expect([...known, unknown]).toHaveLength(4);
  });

  it('marks the dashboard active on / and /dashboard, and sections on their sub-paths', () => {
    const dashboard = { paths: ['/', '/dashboard'] };
    const users = { paths: ['/users'] };
    expect(isActivePath('/', dashboard)).toBe(true);
    expect(isActivePath('/dashboard', dashboard)).toBe(true);
    expect(isActivePath('/users', dashboard)).toBe(false);
    expect(isActivePath('/users/7', users)).toBe(true);
    expect(isActivePath('/users-groups', users)).toBe(false);
  });
});

describe('login error text', () => {
  const t = ((key: string) => `t:${key}`) as never;
  it('translates the session’s error codes, and any other code as the generic failure', () => {
    expect(translateLoginError(t, 'INVALID_CREDENTIALS')).toBe('t:login.invalidCredentials');
    expect(translateLoginError(t, 'RATE_LIMITED')).toBe('t:login.rateLimited');
    expect(translateLoginError(t, 'DATABASE_UNAVAILABLE')).toBe('t:login.unavailable');
    expect(translateLoginError(t, 'LOGIN_FAILED')).toBe('t:login.loginFailed');
    expect(translateLoginError(t, 'USER_REFRESH_FAILED')).toBe('t:login.refreshFailed');
    expect(translateLoginError(t, 'SOMETHING_NEW')).toBe('t:login.loginFailed');
  });
});
