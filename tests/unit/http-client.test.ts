/**
 * The HTTP client against a fake server (an axios adapter that answers like the API): errors as
 * ApiError, and the 401 → one refresh through the real session machine → retry flow, wired by the
 * app's own startAuthSession (the client imports nothing from the session).
 */
import { type AxiosAdapter, AxiosError, type InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/api/api-error.ts';
import { login } from '../../src/api/gen/auth/auth.ts';
import { listUsers } from '../../src/api/gen/users/users.ts';
import { apiRequest, configureHttpClient, http } from '../../src/api/http-client.ts';
import { type AuthActorRef, startAuthSession } from '../../src/machines/auth/session.ts';
import { flush, installMemoryStorage, makeToken, USER } from '../machines/support/fixtures.ts';

type Reply = { status: number; data?: unknown; statusText?: string };
type Handler = (config: InternalAxiosRequestConfig) => Reply | Promise<Reply>;

const storage = installMemoryStorage();
const originalAdapter = http.defaults.adapter;
let handler: Handler;
let actor: AuthActorRef | undefined;

/** The fake server: answers via `handler`, rejecting non-2xx the way axios's own adapters do. */
const adapter: AxiosAdapter = async (config) => {
  const reply = await handler(config);
  const response = {
    data: reply.data,
    status: reply.status,
    statusText: reply.statusText ?? '',
    headers: {},
    config,
  };
  if (reply.status >= 200 && reply.status < 300) return response;
  const code = reply.status >= 500 ? AxiosError.ERR_BAD_RESPONSE : AxiosError.ERR_BAD_REQUEST;
  throw new AxiosError(`Request failed with status code ${reply.status}`, code, config, {}, response);
};

const unauthorized: Reply = {
  status: 401,
  data: { statusCode: 401, error: 'Unauthorized', message: 'Token expired' },
};
const bearer = (config: InternalAxiosRequestConfig) => String(config.headers.Authorization ?? '');
const isRefresh = (config: InternalAxiosRequestConfig) => config.url === '/auth/refresh';

function signIn(token: string) {
  storage.setItem('token', token);
  storage.setItem('user', JSON.stringify(USER));
  actor = startAuthSession();
  expect(actor.getSnapshot().value).toEqual({ signedIn: 'idle' });
  return actor;
}

beforeEach(() => {
  storage.clear();
  http.defaults.adapter = adapter;
});
afterEach(() => {
  actor?.stop();
  actor = undefined;
  configureHttpClient(null);
  http.defaults.adapter = originalAdapter;
});

describe('401 → refresh → retry', () => {
  it('parallel 401s share exactly one refresh and are all retried with the new token', async () => {
    const oldToken = makeToken(3600, 1);
    const newToken = makeToken(3600, 2);
    signIn(oldToken);
    const seen: string[] = [];
    let refreshCalls = 0;
    let releaseRefresh!: () => void;
    const refreshGate = new Promise<void>((resolve) => {
      releaseRefresh = resolve;
    });
    handler = async (config) => {
      if (isRefresh(config)) {
        refreshCalls += 1;
        expect(config.headers['Content-Type']).toBe('application/json');
        expect(config.data).toBe('{}');
        expect(config.withCredentials).toBe(true);
        await refreshGate;
        return { status: 200, data: { token: newToken } };
      }
      seen.push(bearer(config));
      return bearer(config) === `Bearer ${newToken}` ? { status: 200, data: { users: [] } } : unauthorized;
    };

    const requests = Promise.all([listUsers(), listUsers(), listUsers(), listUsers()]);
    await vi.waitFor(() => expect(refreshCalls).toBe(1));
    await flush();
    // All four have had their 401 while the one refresh is still held open.
    expect(seen).toEqual(Array(4).fill(`Bearer ${oldToken}`));
    expect(actor?.getSnapshot().value).toEqual({ signedIn: 'refreshing' });
    releaseRefresh();

    expect(await requests).toEqual([{ users: [] }, { users: [] }, { users: [] }, { users: [] }]);
    expect(refreshCalls).toBe(1);
    expect(seen.slice(4)).toEqual(Array(4).fill(`Bearer ${newToken}`));
    expect(storage.getItem('token')).toBe(newToken);
    expect(actor?.getSnapshot().context.token).toBe(newToken);
  });

  it('a 401 arriving after the refresh finished retries with the new token without refreshing again', async () => {
    const oldToken = makeToken(3600, 1);
    const newToken = makeToken(3600, 2);
    signIn(oldToken);
    let refreshCalls = 0;
    let releaseSlow!: () => void;
    const slowGate = new Promise<void>((resolve) => {
      releaseSlow = resolve;
    });
    handler = async (config) => {
      if (isRefresh(config)) {
        refreshCalls += 1;
        return { status: 200, data: { token: newToken } };
      }
      if (bearer(config) === `Bearer ${newToken}`) return { status: 200, data: { users: [] } };
      if (config.params?.slow) await slowGate;
      return unauthorized;
    };
    const slow = apiRequest({ url: '/users', method: 'GET', params: { slow: 1 } });
    await expect(listUsers()).resolves.toEqual({ users: [] });
    releaseSlow();
    await expect(slow).resolves.toEqual({ users: [] });
    expect(refreshCalls).toBe(1);
  });

  it('a failed refresh rejects every waiting request, clears storage and signs the session out', async () => {
    signIn(makeToken(3600));
    let refreshCalls = 0;
    handler = (config) => {
      if (!isRefresh(config)) return unauthorized;
      refreshCalls += 1;
      return {
        status: 401,
        data: { statusCode: 401, error: 'Unauthorized', message: 'No valid refresh session' },
      };
    };
    const results = await Promise.allSettled([listUsers(), listUsers(), listUsers()]);
    for (const result of results) {
      expect(result.status).toBe('rejected');
      const error = (result as PromiseRejectedResult).reason;
      expect(error).toBeInstanceOf(ApiError);
      expect(error.status).toBe(401);
      expect(error.message).toBe('Token expired');
    }
    expect(refreshCalls).toBe(1);
    expect(storage.getItem('token')).toBeNull();
    expect(storage.getItem('user')).toBeNull();
    expect(actor?.getSnapshot().matches('signedOut')).toBe(true);
  });

  it('a retried request that gets 401 again is rejected, not refreshed a second time', async () => {
    signIn(makeToken(3600, 1));
    let refreshCalls = 0;
    let userCalls = 0;
    handler = (config) => {
      if (isRefresh(config)) {
        refreshCalls += 1;
        return { status: 200, data: { token: makeToken(3600, 2) } };
      }
      userCalls += 1;
      return unauthorized;
    };
    await expect(listUsers()).rejects.toMatchObject({ status: 401 });
    expect(refreshCalls).toBe(1);
    expect(userCalls).toBe(2);
    expect(actor?.getSnapshot().value).toEqual({ signedIn: 'idle' });
  });

  it('a 401 from /auth/login is the answer: no refresh', async () => {
    signIn(makeToken(3600));
    let refreshCalls = 0;
    handler = (config) => {
      if (isRefresh(config)) refreshCalls += 1;
      return {
        status: 401,
        data: { statusCode: 401, error: 'Unauthorized', message: 'Invalid email or password' },
      };
    };
    await expect(login({ email: 'a@example.com', password: 'x' })).rejects.toMatchObject({
      status: 401,
      message: 'Invalid email or password',
    });
    expect(refreshCalls).toBe(0);
  });

  it("sends the session's token as a bearer, and nothing without a session or once signed out", async () => {
    const seen: string[] = [];
    handler = (config) => {
      if (config.url === '/auth/logout') return { status: 200, data: { message: 'Signed out' } };
      seen.push(bearer(config));
      return { status: 200, data: { users: [] } };
    };
    await listUsers();
    const token = makeToken(3600);
    const session = signIn(token);
    await listUsers();
    session.send({ type: 'auth.logout' });
    await listUsers();
    expect(seen).toEqual(['', `Bearer ${token}`, '']);
  });

  it('persists a refreshed token to storage and clears it on sign-out', async () => {
    const oldToken = makeToken(3600, 1);
    const newToken = makeToken(3600, 2);
    const session = signIn(oldToken);
    handler = (config) => {
      if (isRefresh(config)) return { status: 200, data: { token: newToken } };
      if (config.url === '/auth/logout') return { status: 200, data: { message: 'Signed out' } };
      return bearer(config) === `Bearer ${newToken}` ? { status: 200, data: { users: [] } } : unauthorized;
    };
    await listUsers();
    expect(storage.getItem('token')).toBe(newToken);
    expect(JSON.parse(storage.getItem('user') ?? 'null')).toEqual(USER);
    session.send({ type: 'auth.logout' });
    expect(storage.getItem('token')).toBeNull();
    expect(storage.getItem('user')).toBeNull();
  });
});

describe('errors surface as ApiError', () => {
  it('carries the server error body and its field details', async () => {
    handler = () => ({
      status: 400,
      data: {
        statusCode: 400,
        error: 'Bad Request',
        message: 'Validation failed',
        code: 'VALIDATION',
        details: [
          { field: 'email', message: 'Please enter a valid email address', rule: 'format' },
          { field: 'email', message: 'second message' },
          {
            field: 'first_name',
            message: 'Minimum length is 2 characters',
            rule: 'minLength',
            params: { min: 2 },
          },
        ],
      },
    });
    const error = await listUsers().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, message: 'Validation failed', code: 'VALIDATION' });
    expect((error as ApiError).details.map((d) => [d.field, d.rule])).toEqual([
      ['email', 'format'],
      ['email', undefined],
      ['first_name', 'minLength'],
    ]);
    expect((error as ApiError).details[2].params).toEqual({ min: 2 });
    expect((error as ApiError).serverSent).toBe(true);
  });

  it('synthesises a body when the answer is not the server error body', async () => {
    handler = () => ({ status: 502, data: '<html>Bad gateway</html>', statusText: 'Bad Gateway' });
    await expect(listUsers()).rejects.toMatchObject({
      status: 502,
      message: 'Bad Gateway',
      body: { statusCode: 502 },
      // Only a status text: a screen shows its own fallback words, not 'Bad Gateway'.
      serverSent: false,
    });
  });

  it('network errors and timeouts become ApiError with status 0', async () => {
    handler = (config) => {
      throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config);
    };
    await expect(listUsers()).rejects.toMatchObject({ status: 0, code: 'ERR_NETWORK', isNetworkError: true });
    handler = (config) => {
      throw new AxiosError('timeout of 10000ms exceeded', AxiosError.ECONNABORTED, config);
    };
    await expect(listUsers()).rejects.toMatchObject({
      status: 0,
      code: 'ECONNABORTED',
      message: 'Request timed out',
    });
  });

  it('uses the spec defaults: /api/v1, 10 s timeout, JSON, credentials', () => {
    expect(http.defaults).toMatchObject({ baseURL: '/api/v1', timeout: 10_000, withCredentials: true });
    expect(http.defaults.headers['Content-Type']).toBe('application/json');
  });
});
