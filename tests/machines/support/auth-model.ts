/**
 * The abstract model of the session that createTestModel walks. It has no invocations or timers:
 * each server answer and each elapsed delay is an event of its own, executed against the real
 * actor by resolving a fake actor or advancing the SimulatedClock (see auth-harness.ts).
 */
import { assign, setup } from 'xstate';

/** 'stale': no answer to a refresh (offline): the user is kept with no usable token. */
export type TokenKind = 'none' | 'fresh' | 'short' | 'due' | 'stale';

export interface ModelContext {
  token: TokenKind;
  errorCode: string | null;
}

/** The server's code for a refused sign-in: the session keeps it as it is. */
export const LOGIN_SERVER_CODE = 'INVALID_CREDENTIALS';

export type ModelEvent =
  | { type: 'start.empty' }
  | { type: 'start.expired' }
  | { type: 'start.expiredTokenOnly' }
  | { type: 'start.undecodable' }
  | { type: 'start.tokenOnly' }
  | { type: 'start.session' }
  | { type: 'start.sessionDue' }
  | { type: 'auth.login' }
  | { type: 'auth.logout' }
  | { type: 'auth.refresh' }
  | { type: 'auth.clearError' }
  | { type: 'auth.setCredentials'; token: 'fresh' | 'due' }
  | { type: 'auth.clearCredentials' }
  | { type: 'login.resolve' }
  | { type: 'login.rejectServer' }
  | { type: 'login.rejectNetwork' }
  | { type: 'fetchUser.resolve' }
  | { type: 'fetchUser.reject' }
  | { type: 'refresh.resolve' }
  | { type: 'refresh.resolveShort' }
  | { type: 'refresh.reject' }
  | { type: 'refresh.rejectNetwork' }
  | { type: 'logout.resolve' }
  | { type: 'logout.reject' }
  | { type: 'clock.errorDisplay' }
  | { type: 'clock.refreshInterval' };

/** Events whose payload matters; every other event is walked with just its type. */
export const MODEL_EVENTS: ModelEvent[] = [
  { type: 'auth.setCredentials', token: 'fresh' },
  { type: 'auth.setCredentials', token: 'due' },
];

export const authModel = setup({
  types: { context: {} as ModelContext, events: {} as ModelEvent },
  actions: {
    signOut: assign({ token: 'none' as TokenKind }),
    setToken: assign((_, params: { token: TokenKind }) => ({ token: params.token })),
    setError: assign((_, params: { code: string }) => ({
      token: 'none' as TokenKind,
      errorCode: params.code,
    })),
    showError: assign((_, params: { code: string }) => ({ errorCode: params.code })),
    clearError: assign({ errorCode: null }),
  },
}).createMachine({
  id: 'model',
  context: { token: 'none', errorCode: null },
  initial: 'notStarted',
  states: {
    notStarted: {
      on: {
        'start.empty': 'running.signedOut.idle',
        // A stale token with a stored user: the cookie gets one chance before sign-out.
        'start.expired': 'running.resuming',
        'start.undecodable': 'running.resuming',
        'start.expiredTokenOnly': 'running.signedOut.idle',
        'start.tokenOnly': {
          target: 'running.loadingUser',
          actions: { type: 'setToken', params: { token: 'fresh' } },
        },
        'start.session': {
          target: 'running.signedIn.idle',
          actions: { type: 'setToken', params: { token: 'fresh' } },
        },
        'start.sessionDue': {
          target: 'running.signedIn.refreshing',
          actions: { type: 'setToken', params: { token: 'due' } },
        },
      },
    },
    running: {
      initial: 'signedOut',
      on: {
        'auth.setCredentials': [
          {
            guard: ({ event }) => event.token === 'due',
            target: '.signedIn.refreshing',
            actions: assign({ token: 'due', errorCode: null }),
          },
          { target: '.signedIn.idle', actions: assign({ token: 'fresh', errorCode: null }) },
        ],
        'auth.clearCredentials': [
          {
            guard: ({ context }) => context.errorCode !== null,
            target: '.signedOut.showingError',
            actions: 'signOut',
          },
          { target: '.signedOut.idle', actions: 'signOut' },
        ],
        // A no-op outside showingError, but still a transition of the real machine.
        'auth.clearError': { actions: 'clearError' },
      },
      states: {
        resuming: {
          on: {
            'refresh.resolve': {
              target: 'signedIn.idle',
              actions: { type: 'setToken', params: { token: 'fresh' } },
            },
            'refresh.reject': { target: 'signedOut.idle', actions: 'signOut' },
            // Signed in without a token, which is due at once: the refresh is tried again.
            'refresh.rejectNetwork': {
              target: 'signedIn.refreshing',
              actions: { type: 'setToken', params: { token: 'stale' } },
            },
          },
        },
        loadingUser: {
          on: {
            'fetchUser.resolve': 'signedIn.idle',
            'fetchUser.reject': {
              target: 'signedOut.showingError',
              actions: { type: 'setError', params: { code: 'USER_REFRESH_FAILED' } },
            },
          },
        },
        signedIn: {
          initial: 'idle',
          on: { 'auth.logout': { target: 'signingOut', actions: 'signOut' } },
          states: {
            idle: {
              on: {
                'auth.refresh': 'refreshing',
                'clock.refreshInterval': [
                  { guard: ({ context }) => context.token === 'stale', target: 'refreshing' },
                  // 5 minutes later a 700-s token has 400 s left: due.
                  {
                    guard: ({ context }) => context.token !== 'fresh',
                    target: 'refreshing',
                    actions: { type: 'setToken', params: { token: 'due' } },
                  },
                  { target: 'idle', reenter: true },
                ],
              },
            },
            refreshing: {
              on: {
                'refresh.resolve': {
                  target: 'idle',
                  actions: { type: 'setToken', params: { token: 'fresh' } },
                },
                'refresh.resolveShort': {
                  target: 'idle',
                  actions: { type: 'setToken', params: { token: 'short' } },
                },
                'refresh.reject': { target: '#model.running.signedOut.idle', actions: 'signOut' },
                // Offline: the token (and user) stay as they were.
                'refresh.rejectNetwork': 'idle',
              },
            },
          },
        },
        signingOut: {
          on: { 'logout.resolve': 'signedOut.idle', 'logout.reject': 'signedOut.idle' },
        },
        signedOut: {
          initial: 'idle',
          on: { 'auth.login': { target: 'signingIn', actions: 'clearError' } },
          states: {
            idle: {},
            showingError: {
              on: {
                'clock.errorDisplay': { target: 'idle', actions: 'clearError' },
                'auth.clearError': { target: 'idle', actions: 'clearError' },
              },
            },
          },
        },
        signingIn: {
          on: {
            'login.resolve': {
              target: 'signedIn.idle',
              actions: { type: 'setToken', params: { token: 'fresh' } },
            },
            'login.rejectServer': {
              target: 'signedOut.showingError',
              actions: { type: 'showError', params: { code: LOGIN_SERVER_CODE } },
            },
            'login.rejectNetwork': {
              target: 'signedOut.showingError',
              actions: { type: 'showError', params: { code: 'LOGIN_FAILED' } },
            },
          },
        },
      },
    },
  },
});
