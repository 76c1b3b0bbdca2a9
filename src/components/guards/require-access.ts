/**
 * Route guards for beforeLoad: sign-in for the app layout, and per-route access by a
 * permission, any or all of a list, a role or a list of roles. They read the session actor from
 * the router context, so they always see its current state; the router is invalidated when it
 * changes (see main.tsx), which re-runs them.
 */
import { redirect } from '@tanstack/react-router';
import type { ActorRefFrom } from 'xstate';
import {
  hasAllPermissions,
  hasAnyPermission,
  hasPermission,
  type Permission,
  type Role,
  type RoleLike,
} from '../../domain/permissions.ts';
import { isFieldPath } from '../../domain/tag-url.ts';
import type { AuthMachine } from '../../machines/auth/auth.machine.ts';
import { grantOf, selectStatus } from '../../machines/auth/auth.selectors.ts';
import { noteDenied } from './denied-notice.ts';
import { safeRedirect } from './safe-redirect.ts';

export const DEFAULT_DENIED_REDIRECT = '/dashboard';

export type AccessRule =
  | Permission
  | { permission: Permission }
  | { anyOf: readonly Permission[] }
  | { allOf: readonly Permission[] }
  | { role: Role | readonly Role[] };

export interface AccessOptions {
  /** 'redirect' (default) sends a denied user to `redirectTo`; 'alert' renders the access-denied alert. */
  onDenied?: 'redirect' | 'alert';
  /** Where a denied user goes: a path, or one chosen for what the user may open. */
  redirectTo?: string | ((grant: RoleLike) => string);
}

interface GuardArgs {
  context: { auth: ActorRefFrom<AuthMachine> };
  location: { pathname: string; href: string };
  /** A link being preloaded (hover), not a navigation: no notice for it. */
  preload?: boolean;
}

/** Whether the viewer (a built-in role's name or a custom role's grant, see grantOf) passes the rule. */
export function isAllowed(role: RoleLike, rule: AccessRule): boolean {
  if (typeof rule === 'string') return hasPermission(role, rule);
  if ('permission' in rule) return hasPermission(role, rule.permission);
  if ('anyOf' in rule) return hasAnyPermission(role, rule.anyOf);
  if ('allOf' in rule) return hasAllPermissions(role, rule.allOf);
  const roles: readonly Role[] = typeof rule.role === 'string' ? [rule.role] : rule.role;
  return typeof role === 'string' && (roles as readonly string[]).includes(role);
}

/** Layout guard: signed out, every page but /login goes to /login?redirect=<page>. */
export function requireSignedIn({ context, location }: GuardArgs): void {
  if (selectStatus(context.auth.getSnapshot()) !== 'signedIn') {
    throw redirect({ to: '/login', search: { redirect: location.href } });
  }
}

/** Where a worker lands after sign-in when no other page was asked for: the field app. */
export const WORKER_HOME = '/field';

/**
 * Login guard: signed in, /login goes to the page asked for (same-origin only, / included), else
 * to / (a worker: to the field app).
 */
export function redirectIfSignedIn({ context }: GuardArgs, requested: unknown): void {
  const snapshot = context.auth.getSnapshot();
  if (selectStatus(snapshot) === 'signedIn') {
    const home = snapshot.context.user?.role === 'worker' ? WORKER_HOME : '/';
    const href = safeRedirect(requested, home);
    // The field app is another page (field.html): loaded in full, with no stop at its path here.
    throw redirect({ href, replace: true, reloadDocument: isFieldPath(href.split(/[?#]/)[0]) });
  }
}

/** A beforeLoad for one route. Returns { accessDenied } into the route context for the alert mode. */
export function requireAccess(rule: AccessRule, options: AccessOptions = {}) {
  return ({ context, location, preload }: GuardArgs): { accessDenied: boolean } => {
    const grant = grantOf(context.auth.getSnapshot().context.user);
    if (isAllowed(grant, rule)) return { accessDenied: false };
    const target = options.redirectTo ?? DEFAULT_DENIED_REDIRECT;
    const redirectTo = typeof target === 'function' ? target(grant) : target;
    // Redirecting to the page being denied would loop: show the alert there instead.
    if (options.onDenied === 'alert' || location.pathname === redirectTo) return { accessDenied: true };
    if (!preload) noteDenied();
    throw redirect({ href: redirectTo, replace: true });
  };
}
