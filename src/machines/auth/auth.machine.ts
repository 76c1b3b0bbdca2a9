/**
 * The session (spec §4): starts from the stored token and user, validates them, keeps the access
 * token fresh (proactively every 5 minutes, and on demand when the HTTP client meets a 401), and
 * signs in and out. No React, no fetch: the four server calls are actors supplied with .provide()
 * (see auth.actors.ts); the defaults below only fail loudly. Pastes into the Stately visualizer.
 */
import { and, assertEvent, assign, fromPromise, setup } from 'xstate';
import type { SessionUser } from '../../api/gen/model';
import { writeStoredCredentials } from './auth-storage.ts';
import { isRefreshAdvised, isTokenExpired } from './token.ts';

export const LOGIN_FAILED_MESSAGE = 'Login failed';
export const USER_REFRESH_FAILED_MESSAGE = 'Failed to refresh user';
export const ERROR_DISPLAY_MS = 5_000;
export const REFRESH_CHECK_INTERVAL_MS = 5 * 60_000;

export interface AuthContext {
  token: string | null;
  user: SessionUser | null;
  error: string | null;
}

export interface AuthInput {
  token?: string | null;
  user?: SessionUser | null;
}

export interface LoginInput {
  email: string;
  password: string;
  siteId?: string;
}

export interface LoginOutput {
  token: string;
  user: SessionUser;
}

export type AuthEvent =
  | { type: 'auth.login'; email: string; password: string; siteId?: string }
  | { type: 'auth.logout' }
  | { type: 'auth.refresh' }
  | { type: 'auth.clearError' }
  | { type: 'auth.setCredentials'; token: string; user: SessionUser }
  | { type: 'auth.clearCredentials' };

/** The server's message when the server answered; transport failures get the fallback text. */
function serverMessage(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { status, body } = error as { status?: unknown; body?: { message?: unknown } };
  if (typeof status !== 'number' || status <= 0) return undefined;
  return typeof body?.message === 'string' && body.message ? body.message : undefined;
}

function notProvided(name: string): never {
  throw new Error(`auth machine: actor '${name}' was not provided`);
}

export const authMachine = setup({
  types: {
    context: {} as AuthContext,
    events: {} as AuthEvent,
    input: {} as AuthInput | undefined,
  },
  actors: {
    login: fromPromise<LoginOutput, LoginInput>(async () => notProvided('login')),
    fetchUser: fromPromise<SessionUser>(async () => notProvided('fetchUser')),
    refreshToken: fromPromise<string>(async () => notProvided('refreshToken')),
    logout: fromPromise<unknown>(async () => notProvided('logout')),
  },
  actions: {
    clearError: assign({ error: null }),
    setCredentials: assign((_, params: { token: string; user: SessionUser }) => ({
      token: params.token,
      user: params.user,
      error: null,
    })),
    setToken: assign((_, params: { token: string }) => ({ token: params.token })),
    clearToken: assign({ token: null }),
    setUser: assign((_, params: { user: SessionUser }) => ({ user: params.user })),
    setError: assign((_, params: { message: string }) => ({ error: params.message })),
    clearCredentials: assign({ token: null, user: null }),
    /** Mirrors token and user into storage (keys token and user); nulls remove them. */
    storeCredentials: ({ context }) => writeStoredCredentials({ token: context.token, user: context.user }),
  },
  guards: {
    /** Missing, undecodable or less than 300 s left. */
    isTokenExpired: ({ context }) => isTokenExpired(context.token),
    /** Less than 600 s left. */
    isRefreshDue: ({ context }) => isRefreshAdvised(context.token),
    hasUser: ({ context }) => context.user !== null,
    hasError: ({ context }) => context.error !== null,
  },
  delays: {
    errorDisplay: ERROR_DISPLAY_MS,
    refreshCheckInterval: REFRESH_CHECK_INTERVAL_MS,
  },
}).createMachine({
  id: 'auth',
  context: ({ input }) => ({ token: input?.token ?? null, user: input?.user ?? null, error: null }),
  initial: 'checking',
  on: {
    'auth.setCredentials': {
      target: '.signedIn',
      actions: [
        { type: 'setCredentials', params: ({ event }) => ({ token: event.token, user: event.user }) },
        'storeCredentials',
      ],
    },
    'auth.clearCredentials': { target: '.signedOut', actions: ['clearCredentials', 'storeCredentials'] },
    'auth.clearError': { actions: 'clearError' },
  },
  states: {
    checking: {
      description: 'Validates the stored session on start; an expired or undecodable token is cleared.',
      tags: ['loading'],
      always: [
        {
          guard: and(['isTokenExpired', 'hasUser']),
          target: 'resuming',
          actions: ['clearToken', 'storeCredentials'],
        },
        { guard: 'isTokenExpired', target: 'signedOut', actions: ['clearCredentials', 'storeCredentials'] },
        { guard: 'hasUser', target: 'signedIn' },
        { target: 'loadingUser' },
      ],
    },
    resuming: {
      description:
        'The stored token was stale (cleared) but a user was signed in: one refresh through the ' +
        'httpOnly cookie (spec §4: a refresh is attempted on start) before signing out, so a tab ' +
        'left closed longer than the access-token lifetime does not lose its session.',
      tags: ['loading'],
      invoke: {
        id: 'resumeSession',
        src: 'refreshToken',
        onDone: {
          target: 'signedIn',
          actions: [
            { type: 'setToken', params: ({ event }) => ({ token: event.output }) },
            'storeCredentials',
          ],
        },
        onError: { target: 'signedOut', actions: ['clearCredentials', 'storeCredentials'] },
      },
    },
    loadingUser: {
      description: 'A token but no user: GET /auth/me. Failure is a forced sign-out.',
      tags: ['loading'],
      invoke: {
        id: 'fetchUser',
        src: 'fetchUser',
        onDone: {
          target: 'signedIn',
          actions: [{ type: 'setUser', params: ({ event }) => ({ user: event.output }) }, 'storeCredentials'],
        },
        onError: {
          target: 'signedOut',
          actions: [
            'clearCredentials',
            'storeCredentials',
            { type: 'setError', params: { message: USER_REFRESH_FAILED_MESSAGE } },
          ],
        },
      },
    },
    signedIn: {
      initial: 'checkingRefresh',
      on: { 'auth.logout': { target: 'signingOut' } },
      states: {
        checkingRefresh: {
          description: 'On entry and every 5 minutes: refresh when less than 600 s are left.',
          always: [{ guard: 'isRefreshDue', target: 'refreshing' }, { target: 'idle' }],
        },
        idle: {
          after: { refreshCheckInterval: { target: 'checkingRefresh' } },
          on: { 'auth.refresh': { target: 'refreshing' } },
        },
        refreshing: {
          description: 'Single flight: auth.refresh is not handled here, so callers share this refresh.',
          invoke: {
            id: 'refreshToken',
            src: 'refreshToken',
            onDone: {
              target: 'idle',
              actions: [
                { type: 'setToken', params: ({ event }) => ({ token: event.output }) },
                'storeCredentials',
              ],
            },
            onError: { target: '#auth.signedOut', actions: ['clearCredentials', 'storeCredentials'] },
          },
        },
      },
    },
    signingOut: {
      description: 'Storage is cleared first, so a failing POST /auth/logout still signs out.',
      entry: ['clearCredentials', 'storeCredentials'],
      invoke: {
        id: 'logout',
        src: 'logout',
        onDone: { target: 'signedOut' },
        onError: { target: 'signedOut' },
      },
    },
    signedOut: {
      initial: 'idle',
      on: { 'auth.login': { target: 'signingIn' } },
      states: {
        idle: { always: { guard: 'hasError', target: 'showingError' } },
        showingError: {
          after: { errorDisplay: { target: 'idle', actions: 'clearError' } },
          on: { 'auth.clearError': { target: 'idle', actions: 'clearError' } },
        },
      },
    },
    signingIn: {
      entry: 'clearError',
      invoke: {
        id: 'login',
        src: 'login',
        input: ({ event }) => {
          assertEvent(event, 'auth.login');
          return { email: event.email, password: event.password, siteId: event.siteId };
        },
        onDone: {
          target: 'signedIn',
          actions: [
            {
              type: 'setCredentials',
              params: ({ event }) => ({ token: event.output.token, user: event.output.user }),
            },
            'storeCredentials',
          ],
        },
        onError: {
          target: 'signedOut',
          actions: {
            type: 'setError',
            params: ({ event }) => ({ message: serverMessage(event.error) ?? LOGIN_FAILED_MESSAGE }),
          },
        },
      },
    },
  },
});

export type AuthMachine = typeof authMachine;
