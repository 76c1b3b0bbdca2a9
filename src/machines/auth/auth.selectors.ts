/** Read-only views of the session snapshot, shared by the React hooks and the router guards. */
import type { SnapshotFrom } from 'xstate';
import type { SessionUser } from '../../api/gen/model';
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

/** What the router's guards depend on: a change here invalidates the router. */
export function routingKey(snapshot: AuthSnapshot): string {
  const { user } = snapshot.context;
  return `${selectStatus(snapshot)}|${user?.id ?? ''}|${user?.role ?? ''}`;
}
