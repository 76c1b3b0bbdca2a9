/**
 * Drives the real session machine for one model path: fake actors that the path resolves or
 * rejects, a SimulatedClock for the 5-s and 5-minute delays, a memory storage, and a record of
 * every transition the real machine took (for the coverage check). The actor is started by the
 * app's own startAuthSession, so storage is persisted by the real subscription.
 */
import { vi } from 'vitest';
import {
  type ActorRefFrom,
  fromPromise,
  type NonReducibleUnknown,
  SimulatedClock,
  type SnapshotFrom,
} from 'xstate';
import { ApiError } from '../../../src/api/api-error.ts';
import type { SessionUser } from '../../../src/api/gen/model';
import {
  authMachine,
  isRefreshAdvised,
  type LoginInput,
  type LoginOutput,
} from '../../../src/machines/auth/auth.machine.ts';
import { startAuthSession } from '../../../src/machines/auth/session.ts';
import { recordTransitions } from '../site-settings.harness.ts';
import { LOGIN_SERVER_CODE, type ModelContext, type ModelEvent } from './auth-model.ts';
import { flush, type MemoryStorage, makeToken, TOKEN_LIFETIMES, USER } from './fixtures.ts';

type ActorName = 'login' | 'fetchUser' | 'refreshToken' | 'logout';
interface Pending {
  input: unknown;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

export class AuthHarness {
  readonly clock = new SimulatedClock();
  readonly pending: Partial<Record<ActorName, Pending>> = {};
  actor: ActorRefFrom<typeof authMachine> | null = null;

  readonly storage: MemoryStorage;
  readonly taken: Set<string>;

  constructor(storage: MemoryStorage, taken: Set<string>) {
    this.storage = storage;
    this.taken = taken;
  }

  #fake<TOut, TIn = NonReducibleUnknown>(name: ActorName) {
    return fromPromise<TOut, TIn>(
      ({ input }) =>
        new Promise<TOut>((resolve, reject) => {
          this.pending[name] = { input, resolve: resolve as (v: unknown) => void, reject };
        }),
    );
  }

  start(token: string | null, user: SessionUser | null) {
    if (token) this.storage.setItem('token', token);
    if (user) this.storage.setItem('user', JSON.stringify(user));
    const machine = authMachine.provide({
      actors: {
        login: this.#fake<LoginOutput, LoginInput>('login'),
        fetchUser: this.#fake<SessionUser>('fetchUser'),
        refreshToken: this.#fake<string>('refreshToken'),
        logout: this.#fake<unknown>('logout'),
      },
    });
    this.actor = startAuthSession({
      machine,
      clock: this.clock,
      inspect: recordTransitions(this.taken),
    });
  }

  get snapshot(): SnapshotFrom<typeof authMachine> {
    if (!this.actor) throw new Error('actor not started');
    return this.actor.getSnapshot();
  }

  async settle(name: ActorName, outcome: 'resolve' | 'reject', value: unknown) {
    const pending = this.pending[name];
    if (!pending) throw new Error(`${name} is not running`);
    delete this.pending[name];
    if (outcome === 'resolve') pending.resolve(value);
    else pending.reject(value);
    await flush();
  }

  async advance(ms: number) {
    vi.setSystemTime(Date.now() + ms);
    this.clock.increment(ms);
    await flush();
  }

  /** Executes one model event against the real actor. */
  async exec(event: ModelEvent) {
    const send = (e: Parameters<ActorRefFrom<typeof authMachine>['send']>[0]) => this.actor?.send(e);
    const serverError = new ApiError(401, {
      statusCode: 401,
      error: 'Unauthorized',
      message: 'Invalid email or password',
      code: LOGIN_SERVER_CODE,
    });
    const networkError = new ApiError(0, { statusCode: 0, error: 'Network Error', message: 'Network Error' });
    switch (event.type) {
      case 'start.empty':
        return this.start(null, null);
      case 'start.expired':
        return this.start(makeToken(TOKEN_LIFETIMES.expired), USER);
      case 'start.expiredTokenOnly':
        return this.start(makeToken(TOKEN_LIFETIMES.expired), null);
      case 'start.undecodable':
        return this.start('not-a-jwt', USER);
      case 'start.tokenOnly':
        return this.start(makeToken(TOKEN_LIFETIMES.fresh), null);
      case 'start.session':
        return this.start(makeToken(TOKEN_LIFETIMES.fresh), USER);
      case 'start.sessionDue':
        return this.start(makeToken(TOKEN_LIFETIMES.due), USER);
      case 'auth.login':
        return send({ type: 'auth.login', email: USER.email, password: 'secret' });
      case 'auth.setCredentials':
        return send({
          type: 'auth.setCredentials',
          token: makeToken(TOKEN_LIFETIMES[event.token]),
          user: USER,
        });
      case 'auth.logout':
      case 'auth.refresh':
      case 'auth.clearError':
      case 'auth.clearCredentials':
        return send({ type: event.type });
      case 'login.resolve':
        return this.settle('login', 'resolve', { token: makeToken(TOKEN_LIFETIMES.fresh), user: USER });
      case 'login.rejectServer':
        return this.settle('login', 'reject', serverError);
      case 'login.rejectNetwork':
        return this.settle('login', 'reject', networkError);
      case 'fetchUser.resolve':
        return this.settle('fetchUser', 'resolve', USER);
      case 'fetchUser.reject':
        return this.settle('fetchUser', 'reject', serverError);
      case 'refresh.resolve':
        return this.settle('refreshToken', 'resolve', makeToken(TOKEN_LIFETIMES.fresh));
      case 'refresh.resolveShort':
        return this.settle('refreshToken', 'resolve', makeToken(TOKEN_LIFETIMES.short));
      case 'refresh.reject':
        return this.settle('refreshToken', 'reject', serverError);
      case 'refresh.rejectNetwork':
        return this.settle('refreshToken', 'reject', networkError);
      case 'logout.resolve':
        return this.settle('logout', 'resolve', { message: 'Signed out' });
      case 'logout.reject':
        return this.settle('logout', 'reject', networkError);
      case 'clock.errorDisplay':
        return this.advance(5_000);
      case 'clock.refreshInterval':
        return this.advance(5 * 60_000);
    }
  }

  /** The real actor and storage agree with the model's state value and context. */
  describeMismatch(modelValue: unknown, context: ModelContext): string | null {
    const snap = this.snapshot;
    const real = snap.value;
    const expected = (modelValue as { running?: unknown }).running;
    if (JSON.stringify(real) !== JSON.stringify(expected)) {
      return `state ${JSON.stringify(real)} != model ${JSON.stringify(expected)}`;
    }
    const { token, user, errorCode } = snap.context;
    if (errorCode !== context.errorCode) return `error ${errorCode} != ${context.errorCode}`;
    if (this.storage.getItem('token') !== token) return 'stored token differs from the session token';
    if (this.storage.getItem('user') !== (user ? JSON.stringify(user) : null)) return 'stored user differs';
    if (expected === 'resuming')
      return token === null && user ? null : 'expected the user kept and the token cleared';
    if (context.token === 'none') return token === null && user === null ? null : 'credentials not cleared';
    if (expected === 'loadingUser') return token && !user ? null : 'expected a token without a user';
    if (context.token === 'stale')
      return token === null && user ? null : 'expected the user kept with no token';
    if (!token || !user) return 'credentials missing';
    if (isRefreshAdvised(token) !== (context.token === 'due')) return `token is not ${context.token}`;
    return null;
  }
}
