/**
 * React glue for the session actor (started outside React by startAuthSession, session.ts). The
 * names here are a contract other modules code against: AuthProvider, useAuth, usePermissions
 * (plus useAuthActor for the router).
 */
import { useSelector } from '@xstate/react';
import { createContext, type ReactNode, useCallback, useContext, useMemo } from 'react';
import {
  hasAllPermissions,
  hasAnyPermission,
  hasPermission,
  isRole,
  type Permission,
  type Role,
  type RoleLike,
} from '../../domain/permissions.ts';
import { type AuthView, grantOf, sameAuthView, selectAuthView } from './auth.selectors.ts';
import type { AuthActorRef } from './session.ts';

export type { AuthActorRef } from './session.ts';

const AuthActorContext = createContext<AuthActorRef | null>(null);

export interface AuthProviderProps {
  children: ReactNode;
  /** The running session (startAuthSession). */
  actor: AuthActorRef;
}

export function AuthProvider({ children, actor }: AuthProviderProps) {
  return <AuthActorContext.Provider value={actor}>{children}</AuthActorContext.Provider>;
}

export function useAuthActor(): AuthActorRef {
  const actor = useContext(AuthActorContext);
  if (!actor) throw new Error('useAuthActor must be used inside <AuthProvider>');
  return actor;
}

export interface UseAuthResult extends AuthView {
  login(email: string, password: string): void;
  logout(): void;
  clearError(): void;
}

export function useAuth(): UseAuthResult {
  const actor = useAuthActor();
  const view = useSelector(actor, selectAuthView, sameAuthView);
  const login = useCallback(
    (email: string, password: string) => actor.send({ type: 'auth.login', email, password }),
    [actor],
  );
  const logout = useCallback(() => actor.send({ type: 'auth.logout' }), [actor]);
  const clearError = useCallback(() => actor.send({ type: 'auth.clearError' }), [actor]);
  return useMemo(() => ({ ...view, login, logout, clearError }), [view, login, logout, clearError]);
}

export interface UsePermissionsResult {
  role: Role | null;
  /** What the rank and permission rules of src/domain take for the viewer (a custom role when held). */
  grant: RoleLike;
  can(permission: Permission): boolean;
  canAny(permissions: Permission[]): boolean;
  canAll(permissions: Permission[]): boolean;
}

export function usePermissions(): UsePermissionsResult {
  const actor = useAuthActor();
  const role = useSelector(actor, (s) => {
    const value = s.matches('signedIn') ? s.context.user?.role : null;
    return isRole(value) ? value : null;
  });
  // The server's answer of what the user may do (a custom role's exact permissions), when it sent one.
  const user = useSelector(actor, (s) => (s.matches('signedIn') ? s.context.user : null));
  return useMemo(() => {
    const grant = grantOf(user);
    return {
      role,
      grant,
      can: (permission: Permission) => hasPermission(grant, permission),
      canAny: (list: Permission[]) => hasAnyPermission(grant, list),
      canAll: (list: Permission[]) => hasAllPermissions(grant, list),
    };
  }, [role, user]);
}
