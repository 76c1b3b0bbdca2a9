/**
 * React glue for the session actor. The names here are a contract other modules code against:
 * AuthProvider, useAuth, usePermissions (plus useAuthActor for the router).
 */
import { useSelector } from '@xstate/react';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo } from 'react';
import { type ActorRefFrom, createActor } from 'xstate';
import { connectTokenRefresher } from '../../api/http-client.ts';
import {
  hasAllPermissions,
  hasAnyPermission,
  hasPermission,
  isRole,
  type Permission,
  type Role,
} from '../../domain/permissions.ts';
import { authActors } from './auth.actors.ts';
import { type AuthMachine, authMachine } from './auth.machine.ts';
import { type AuthView, sameAuthView, selectAuthView } from './auth.selectors.ts';
import { readStoredCredentials } from './auth-storage.ts';
import type { Inspect } from './inspector.ts';
import { createSessionBridge } from './session-bridge.ts';

export type AuthActorRef = ActorRefFrom<AuthMachine>;

const AuthActorContext = createContext<AuthActorRef | null>(null);

const liveAuthMachine = authMachine.provide({ actors: authActors });

/**
 * The session actor lives as long as the page, outside React: started once from stored
 * credentials. (Created inside a component, StrictMode's simulated unmount would stop it in the
 * middle of a refresh whose rotated cookie the server has already issued.)
 */
export function startAuthSession(options: { inspect?: Inspect; machine?: AuthMachine } = {}): AuthActorRef {
  return createActor(options.machine ?? liveAuthMachine, {
    input: readStoredCredentials(),
    inspect: options.inspect,
  }).start();
}

export interface AuthProviderProps {
  children: ReactNode;
  /** The running session (startAuthSession). */
  actor: AuthActorRef;
}

export function AuthProvider({ children, actor }: AuthProviderProps) {
  useEffect(() => connectTokenRefresher(createSessionBridge(actor)), [actor]);
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
  return useMemo(
    () => ({
      role,
      can: (permission: Permission) => hasPermission(role, permission),
      canAny: (permissions: Permission[]) => hasAnyPermission(role, permissions),
      canAll: (permissions: Permission[]) => hasAllPermissions(role, permissions),
    }),
    [role],
  );
}
