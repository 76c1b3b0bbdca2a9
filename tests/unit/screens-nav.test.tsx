import { describe, expect, it } from 'vitest';
import { isActivePath, NAV, type NavEntry, visibleNav } from '../../src/components/layout/nav-config.ts';
import { hasPermission, type Permission, type Role } from '../../src/domain/permissions.ts';
import { translateLoginError } from '../../src/screens/login/login-error.ts';

const ids = (entries: NavEntry[]) =>
  entries.map((e) => (e.kind === 'link' ? e.id : `${e.id}[${e.children.map((c) => c.id).join(',')}]`));
const navFor = (role: Role) => ids(visibleNav(NAV, (p) => hasPermission(role, p)));

describe('sidebar navigation', () => {
  it('shows entries by permission and hides groups without a visible child', () => {
    expect(navFor('admin')).toEqual(['dashboard', 'management[users]']);
    expect(navFor('manager')).toEqual(['dashboard', 'management[users]']);
    expect(navFor('worker')).toEqual(['dashboard']);
  });

  it('shows a group once it has a child the viewer may see, and honours the group permission', () => {
    const nav: NavEntry[] = [
      {
        kind: 'group',
        id: 'administration',
        label: 'nav.administration',
        permission: 'roles.read',
        children: [
          { kind: 'link', id: 'roles', label: 'nav.users', icon: '', to: '/roles', permission: 'roles.read' },
        ],
      },
    ];
    const can = (role: Role) => (p: Permission) => hasPermission(role, p);
    expect(ids(visibleNav(nav, can('owner')))).toEqual(['administration[roles]']);
    expect(ids(visibleNav(nav, can('manager')))).toEqual([]);
  });

  it('marks the dashboard active on / and /dashboard, and sections on their sub-paths', () => {
    expect(isActivePath('/', '/')).toBe(true);
    expect(isActivePath('/dashboard', '/')).toBe(true);
    expect(isActivePath('/users', '/')).toBe(false);
    expect(isActivePath('/users/7', '/users')).toBe(true);
    expect(isActivePath('/users-groups', '/users')).toBe(false);
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
