/** Route guards: access rules, redirects, and the same-origin rule for the return page. */
import { isRedirect } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { Role } from '../../src/api/gen/model';
import {
  isAllowed,
  redirectIfSignedIn,
  requireAccess,
  requireSignedIn,
} from '../../src/components/guards/require-access.ts';
import { safeRedirect } from '../../src/components/guards/safe-redirect.ts';
import { authMachine } from '../../src/machines/auth/auth.machine.ts';
import { makeToken, USER } from '../machines/support/fixtures.ts';

function args(role: Role | null, pathname = '/users') {
  const input = role ? { token: makeToken(3600), user: { ...USER, role } } : { token: null, user: null };
  const auth = createActor(authMachine, { input }).start();
  return { context: { auth }, location: { pathname, href: `${pathname}?page=2` } };
}

function thrown(fn: () => unknown) {
  try {
    fn();
  } catch (error) {
    return error as { options: Record<string, unknown> };
  }
  throw new Error('expected a redirect');
}

describe('isAllowed', () => {
  it('accepts a permission, any-of, all-of, a role and a list of roles', () => {
    expect(isAllowed('manager', 'users.read')).toBe(true);
    expect(isAllowed('worker', 'users.read')).toBe(false);
    expect(isAllowed('worker', { permission: 'tasks.read' })).toBe(true);
    expect(isAllowed('worker', { anyOf: ['users.read', 'tasks.read'] })).toBe(true);
    expect(isAllowed('worker', { allOf: ['users.read', 'tasks.read'] })).toBe(false);
    expect(isAllowed('manager', { allOf: ['users.read', 'tasks.read'] })).toBe(true);
    expect(isAllowed('owner', { role: 'owner' })).toBe(true);
    expect(isAllowed('manager', { role: ['admin', 'owner'] })).toBe(false);
    expect(isAllowed(null, 'dashboard.view')).toBe(false);
    expect(isAllowed('admin', 'system.settings')).toBe(true);
    expect(isAllowed('owner', 'system.settings')).toBe(false);
  });
});

describe('requireAccess', () => {
  it('lets an allowed user through', () => {
    expect(requireAccess('users.read')(args('manager'))).toEqual({ accessDenied: false });
  });

  it('sends a denied user to /dashboard by default', () => {
    const redirect = thrown(() => requireAccess('users.read')(args('worker')));
    expect(isRedirect(redirect)).toBe(true);
    expect(redirect.options.href).toBe('/dashboard');
  });

  it('or reports accessDenied for the alert', () => {
    expect(requireAccess('users.read', { onDenied: 'alert' })(args('worker'))).toEqual({
      accessDenied: true,
    });
  });

  it('follows a custom role’s permissions from /auth/me, not the worker it is stored as', () => {
    const input = {
      token: makeToken(3600),
      user: {
        ...USER,
        role: 'worker' as const,
        permissions: ['positions.read'],
        custom_role: { id: 7, name: 'Position reader', level: 1 },
      },
    };
    const auth = createActor(authMachine, { input }).start();
    const at = (pathname: string) => ({ context: { auth }, location: { pathname, href: pathname } });
    expect(requireAccess('positions.read')(at('/positions'))).toEqual({ accessDenied: false });
    // tasks.read is the worker's, not this role's; the redirect goes where the role may go.
    const redirect = thrown(() =>
      requireAccess('tasks.read', {
        redirectTo: (grant) => (isAllowed(grant, 'dashboard.view') ? '/' : '/positions'),
      })(at('/position-tasks')),
    );
    expect(redirect.options.href).toBe('/positions');
  });

  it('never redirects a page to itself', () => {
    expect(requireAccess({ role: 'admin' })(args('worker', '/dashboard'))).toEqual({ accessDenied: true });
  });
});

describe('sign-in guards', () => {
  it('sends a signed-out user to /login with the page to return to', () => {
    const redirect = thrown(() => requireSignedIn(args(null)));
    expect(redirect.options).toMatchObject({ to: '/login', search: { redirect: '/users?page=2' } });
  });

  it('lets a signed-in user into the app', () => {
    expect(() => requireSignedIn(args('worker'))).not.toThrow();
  });

  it('sends a signed-in user away from /login to the requested page or /', () => {
    expect(thrown(() => redirectIfSignedIn(args('admin'), '/users')).options.href).toBe('/users');
    expect(thrown(() => redirectIfSignedIn(args('admin'), 'https://evil.example')).options.href).toBe('/');
    expect(() => redirectIfSignedIn(args(null), '/users')).not.toThrow();
  });

  it('lands a worker on the field app when no page was asked for, and keeps the page asked for', () => {
    expect(thrown(() => redirectIfSignedIn(args('worker'), undefined)).options.href).toBe('/field');
    expect(thrown(() => redirectIfSignedIn(args('worker'), '/')).options.href).toBe('/');
    expect(thrown(() => redirectIfSignedIn(args('worker'), '/t/AB12CD34')).options.href).toBe('/t/AB12CD34');
    expect(thrown(() => redirectIfSignedIn(args('manager'), undefined)).options.href).toBe('/');
  });

  it('loads the field app (its own page) in full, and stays in the console for its pages', () => {
    const to = (role: Parameters<typeof args>[0], requested: unknown) =>
      thrown(() => redirectIfSignedIn(args(role), requested)).options;
    expect(to('worker', undefined)).toMatchObject({ href: '/field', reloadDocument: true });
    expect(to('worker', '/t/AB12CD34?lng=fi')).toMatchObject({
      href: '/t/AB12CD34?lng=fi',
      reloadDocument: true,
    });
    expect(to('admin', '/field/positions/3')).toMatchObject({ reloadDocument: true });
    expect(to('admin', '/users')).toMatchObject({ href: '/users', reloadDocument: false });
    expect(to('admin', '/fields')).toMatchObject({ reloadDocument: false });
  });
});

describe('safeRedirect', () => {
  it.each([
    ['/users?page=2#top', '/users?page=2#top'],
    ['/', '/'],
    ['//evil.example/x', '/'],
    ['/\\evil.example', '/'],
    ['https://evil.example', '/'],
    ['javascript:alert(1)', '/'],
    ['users', '/'],
    ['/login?redirect=/users', '/'],
    [undefined, '/'],
    [42, '/'],
  ])('%s → %s', (value, expected) => {
    expect(safeRedirect(value)).toBe(expected);
  });
});
