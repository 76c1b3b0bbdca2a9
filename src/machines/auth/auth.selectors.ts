/** Read-only views of the session snapshot, shared by the React hooks and the router guards. */
import type { SnapshotFrom } from 'xstate';
import type { SessionUser } from '../../api/gen/model';
import type { RoleLike } from '../../domain/permissions.ts';
import type { AuthMachine } from './auth.machine.ts';

export type AuthSnapshot = SnapshotFrom<AuthMachine>;
export type AuthStatus = 'loading' | 'signedOut' | 'signedIn';

export interface AuthView {
  status: AuthStatus;
  user: SessionUser | null;
  token: string | null;
  isAuthenticated: boolean;
  /** Login pending. */
  isLoading: boolean;
  /** An error code for the login screen to translate (see AUTH_ERROR in auth.machine.ts). */
  errorCode: string | null;
}

export function selectStatus(snapshot: AuthSnapshot): AuthStatus {
  if (snapshot.hasTag('loading')) return 'loading';
  return snapshot.matches('signedIn') ? 'signedIn' : 'signedOut';
}

export function selectAuthView(snapshot: AuthSnapshot): AuthView {
  const status = selectStatus(snapshot);
  const { token, user, errorCode } = snapshot.context;
  return {
    status,
    user,
    token,
    isAuthenticated: status === 'signedIn',
    isLoading: snapshot.matches('signingIn'),
    errorCode,
  };
}

export function sameAuthView(a: AuthView, b: AuthView): boolean {
  return (
    a.status === b.status &&
    a.user === b.user &&
    a.token === b.token &&
    a.isLoading === b.isLoading &&
    a.errorCode === b.errorCode
  );
}

/**
 * What the viewer may do, as the rules of src/domain take it: the permissions /auth/me sent (a
 * custom role's exactly, at its level), else the built-in role's. Guards, sidebar and buttons all
 * read this, so a custom role is never taken for the worker it is stored as.
 */
export function grantOf(user: SessionUser | null | undefined): RoleLike {
  if (!user) return null;
  // A built-in role stays a name: some rules ask for it (only an admin makes another admin).
  if (!user.custom_role || !user.permissions) return user.role;
  return { level: user.custom_role.level, permissions: user.permissions };
}

/** What the router's guards depend on: a change here invalidates the router. */
export function routingKey(snapshot: AuthSnapshot): string {
  const { user } = snapshot.context;
  const grant = [user?.role, user?.custom_role?.level, ...(user?.permissions ?? [])].join(',');
  return `${selectStatus(snapshot)}|${user?.id ?? ''}|${grant}`;
}
