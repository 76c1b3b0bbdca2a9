/**
 * The session: starts from the stored token and user, validates them, keeps the access
 * token fresh (proactively every 5 minutes, and on demand when the HTTP client meets a 401), and
 * signs in and out. No React, no fetch, no storage: the four server calls are actors supplied with
 * .provide() (see auth.actors.ts; the defaults below only fail loudly), and storage follows the
 * snapshots from outside (auth-persistence.ts). Pastes into the Stately visualizer as it is.
 */
import { and, assertEvent, assign, fromPromise, setup } from 'xstate';
import type { SessionUser } from '../../api/gen/model';

// --- Access-token timing rules ----------------------------------------------------------
// Pure functions kept in this file so it pastes into the Stately visualizer with nothing to stub.
// The payload is decoded without a library: the console only reads `exp`; the server verifies
// signatures.

/** A token with less than this many seconds left counts as expired. */
export const EXPIRED_MARGIN_SECONDS = 300;
/** A token with less than this many seconds left should be refreshed. */
export const REFRESH_MARGIN_SECONDS = 600;

export function nowInSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

function decodeBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** The JWT payload, or null when the token is not a decodable JWT. */
export function decodeTokenPayload(token: string): Record<string, unknown> | null {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const payload: unknown = JSON.parse(decodeBase64Url(parts[1]));
    return typeof payload === 'object' && payload !== null && !Array.isArray(payload)
      ? (payload as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** The `exp` claim in seconds, or null when missing or undecodable. */
export function tokenExpiry(token: string): number | null {
  const exp = decodeTokenPayload(token)?.exp;
  return typeof exp === 'number' && Number.isFinite(exp) ? exp : null;
}

/** Seconds left before expiry; -Infinity when the token cannot be decoded. */
export function secondsLeft(token: string, now = nowInSeconds()): number {
  const exp = tokenExpiry(token);
  return exp === null ? Number.NEGATIVE_INFINITY : exp - now;
}

/** Expired: less than 300 s left, no `exp`, or undecodable. A missing token is expired too. */
export function isTokenExpired(token: string | null | undefined, now = nowInSeconds()): boolean {
  return !token || secondsLeft(token, now) < EXPIRED_MARGIN_SECONDS;
}

/** Refresh advised: less than 600 s left (this includes expired and undecodable tokens). */
export function isRefreshAdvised(token: string | null | undefined, now = nowInSeconds()): boolean {
  return !token || secondsLeft(token, now) < REFRESH_MARGIN_SECONDS;
}

/**
 * Error codes kept in context: the server's `code` when it answered with one (e.g.
 * INVALID_CREDENTIALS, RATE_LIMITED), else one of these. The login screen translates them.
 */
export const AUTH_ERROR = {
  loginFailed: 'LOGIN_FAILED',
  userRefreshFailed: 'USER_REFRESH_FAILED',
} as const;
export const ERROR_DISPLAY_MS = 5_000;
export const REFRESH_CHECK_INTERVAL_MS = 5 * 60_000;

export interface AuthContext {
  token: string | null;
  user: SessionUser | null;
  /** An error code (see AUTH_ERROR), never English text. */
  errorCode: string | null;
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

/** The server's error code when the server answered with one; transport failures have none. */
function serverCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { status, body } = error as { status?: unknown; body?: { code?: unknown } };
  if (typeof status !== 'number' || status <= 0) return undefined;
  return typeof body?.code === 'string' && body.code ? body.code : undefined;
}

/** No answer at all (offline, timeout): the server has not refused the session, so it is kept. */
function isUnanswered(error: unknown): boolean {
  return (error as { status?: unknown } | null)?.status === 0;
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
    clearError: assign({ errorCode: null }),
    setCredentials: assign((_, params: { token: string; user: SessionUser }) => ({
      token: params.token,
      user: params.user,
      errorCode: null,
    })),
    setToken: assign((_, params: { token: string }) => ({ token: params.token })),
    clearToken: assign({ token: null }),
    setUser: assign((_, params: { user: SessionUser }) => ({ user: params.user })),
    setError: assign((_, params: { code: string }) => ({ errorCode: params.code })),
    clearCredentials: assign({ token: null, user: null }),
  },
  guards: {
    /** Missing, undecodable or less than 300 s left. */
    isTokenExpired: ({ context }) => isTokenExpired(context.token),
    /** Less than 600 s left. */
    isRefreshDue: ({ context }) => isRefreshAdvised(context.token),
    hasUser: ({ context }) => context.user !== null,
    hasError: ({ context }) => context.errorCode !== null,
    /** The refresh got no answer (offline): keep the user; the next check or 401 tries again. */
    refreshUnanswered: ({ event }) => isUnanswered((event as { error?: unknown }).error),
  },
  delays: {
    errorDisplay: ERROR_DISPLAY_MS,
    refreshCheckInterval: REFRESH_CHECK_INTERVAL_MS,
  },
}).createMachine({
  id: 'auth',
  context: ({ input }) => ({ token: input?.token ?? null, user: input?.user ?? null, errorCode: null }),
  initial: 'checking',
  on: {
    'auth.setCredentials': {
      target: '.signedIn',
      actions: [
        { type: 'setCredentials', params: ({ event }) => ({ token: event.token, user: event.user }) },
      ],
    },
    'auth.clearCredentials': { target: '.signedOut', actions: 'clearCredentials' },
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
          actions: 'clearToken',
        },
        { guard: 'isTokenExpired', target: 'signedOut', actions: 'clearCredentials' },
        { guard: 'hasUser', target: 'signedIn' },
        { target: 'loadingUser' },
      ],
    },
    resuming: {
      description:
        'The stored token was stale (cleared) but a user was signed in: one refresh through the ' +
        'httpOnly cookie (a refresh is attempted on start) before signing out, so a tab ' +
        'left closed longer than the access-token lifetime does not lose its session. With no ' +
        'answer (offline) the user stays signed in without a token.',
      tags: ['loading'],
      invoke: {
        id: 'resumeSession',
        src: 'refreshToken',
        onDone: {
          target: 'signedIn',
          actions: [{ type: 'setToken', params: ({ event }) => ({ token: event.output }) }],
        },
        onError: [
          // Opened offline with a stale token: the user stays signed in (a field worker's queued
          // work and cached positions stay usable); requests get a token once the network is back.
          { guard: 'refreshUnanswered', target: 'signedIn' },
          { target: 'signedOut', actions: 'clearCredentials' },
        ],
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
          actions: { type: 'setUser', params: ({ event }) => ({ user: event.output }) },
        },
        onError: {
          target: 'signedOut',
          actions: ['clearCredentials', { type: 'setError', params: { code: AUTH_ERROR.userRefreshFailed } }],
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
              actions: [{ type: 'setToken', params: ({ event }) => ({ token: event.output }) }],
            },
            // Only a refusal ends the session; offline, it is tried again at the next check or 401.
            onError: [
              { guard: 'refreshUnanswered', target: 'idle' },
              { target: '#auth.signedOut', actions: 'clearCredentials' },
            ],
          },
        },
      },
    },
    signingOut: {
      description: 'Credentials are cleared first, so a failing POST /auth/logout still signs out.',
      entry: 'clearCredentials',
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
          ],
        },
        onError: {
          target: 'signedOut',
          actions: {
            type: 'setError',
            params: ({ event }) => ({ code: serverCode(event.error) ?? AUTH_ERROR.loginFailed }),
          },
        },
      },
    },
  },
});

export type AuthMachine = typeof authMachine;
