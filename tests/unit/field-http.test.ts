/**
 * The field app's fetch client (src/field/api/field-http.ts) against a fake server (a stand-in
 * `fetch` that answers like the API), wired to the real session machine by the field's own
 * startFieldSession: the same rules as the console's axios client. Errors are ApiError with the
 * server's body (status 0 when no answer came), and a 401 → one refresh shared by every waiting
 * request → one retry; a refused refresh signs out and clears storage.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/api/api-error.ts';
import { configureFieldHttp, fieldRequest } from '../../src/field/api/field-http.ts';
import { startFieldSession } from '../../src/field/session/field-session.ts';
import { flush, installMemoryStorage, makeToken, USER } from '../machines/support/fixtures.ts';

type Reply = { status: number; data?: unknown; statusText?: string };
interface Seen {
  path: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
  credentials: RequestCredentials | undefined;
}
type Handler = (request: Seen) => Reply | Promise<Reply>;

const storage = installMemoryStorage();
const originalFetch = globalThis.fetch;
let handler: Handler;
let actor: ReturnType<typeof startFieldSession> | undefined;

const fakeFetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
  const url = String(input);
  expect(url.startsWith('/api/v1/')).toBe(true);
  // As fetch does: a signal aborted before or during the request rejects it.
  const aborted = new Promise<never>((_, reject) => {
    const fail = () => reject(new DOMException('aborted', 'AbortError'));
    if (init.signal?.aborted) fail();
    else init.signal?.addEventListener('abort', fail);
  });
  const reply = await Promise.race([
    aborted,
    handler({
      path: url.slice('/api/v1'.length),
      method: init.method ?? 'GET',
      headers: (init.headers ?? {}) as Record<string, string>,
      body: init.body,
      credentials: init.credentials,
    }),
  ]);
  const text = typeof reply.data === 'string' ? reply.data : JSON.stringify(reply.data ?? '');
  return new Response(reply.data === undefined ? null : text, {
    status: reply.status,
    statusText: reply.statusText ?? '',
  });
};

const unauthorized: Reply = {
  status: 401,
  data: { statusCode: 401, error: 'Unauthorized', message: 'Token expired' },
};
const isRefresh = (r: Seen) => r.path === '/auth/refresh';
const listUsers = () => fieldRequest<{ users: unknown[] }>({ method: 'GET', path: '/users' });

function signIn(token: string) {
  storage.setItem('token', token);
  storage.setItem('user', JSON.stringify(USER));
  actor = startFieldSession();
  expect(actor.getSnapshot().value).toEqual({ signedIn: 'idle' });
  return actor;
}

beforeEach(() => {
  storage.clear();
  globalThis.fetch = vi.fn(fakeFetch) as typeof fetch;
});
afterEach(() => {
  actor?.stop();
  actor = undefined;
  configureFieldHttp(null);
  globalThis.fetch = originalFetch;
});

describe('field client: 401 → refresh → retry', () => {
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
    handler = async (request) => {
      if (isRefresh(request)) {
        refreshCalls += 1;
        expect(request.method).toBe('POST');
        expect(request.headers['Content-Type']).toBe('application/json');
        expect(request.body).toBe('{}');
        expect(request.credentials).toBe('include');
        await refreshGate;
        return { status: 200, data: { token: newToken } };
      }
      seen.push(request.headers.Authorization ?? '');
      return request.headers.Authorization === `Bearer ${newToken}`
        ? { status: 200, data: { users: [] } }
        : unauthorized;
    };

    const requests = Promise.all([listUsers(), listUsers(), listUsers()]);
    await vi.waitFor(() => expect(refreshCalls).toBe(1));
    await flush();
    expect(seen).toEqual(Array(3).fill(`Bearer ${oldToken}`));
    releaseRefresh();
    expect(await requests).toEqual([{ users: [] }, { users: [] }, { users: [] }]);
    expect(refreshCalls).toBe(1);
    expect(seen.slice(3)).toEqual(Array(3).fill(`Bearer ${newToken}`));
    expect(storage.getItem('token')).toBe(newToken);
  });

  it('a refused refresh rejects the request with its 401, clears storage and signs out', async () => {
    signIn(makeToken(3600));
    handler = (request) =>
      isRefresh(request)
        ? {
            status: 401,
            data: { statusCode: 401, error: 'Unauthorized', message: 'No valid refresh session' },
          }
        : unauthorized;
    const error = await listUsers().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, message: 'Token expired' });
    expect(storage.getItem('token')).toBeNull();
    expect(actor?.getSnapshot().matches('signedOut')).toBe(true);
  });

  it('a refresh that gets no answer keeps the session (offline), and the request fails as unanswered', async () => {
    const token = makeToken(3600);
    signIn(token);
    handler = (request) => {
      if (isRefresh(request)) throw new TypeError('Failed to fetch');
      return unauthorized;
    };
    await expect(listUsers()).rejects.toMatchObject({ status: 401 });
    expect(actor?.getSnapshot().value).toEqual({ signedIn: 'idle' });
    expect(storage.getItem('token')).toBe(token);
    expect(JSON.parse(storage.getItem('user') ?? 'null')).toEqual(USER);
  });

  it('a retried request that gets 401 again is rejected, not refreshed a second time', async () => {
    signIn(makeToken(3600, 1));
    let refreshCalls = 0;
    let userCalls = 0;
    handler = (request) => {
      if (isRefresh(request)) {
        refreshCalls += 1;
        return { status: 200, data: { token: makeToken(3600, 2) } };
      }
      userCalls += 1;
      return unauthorized;
    };
    await expect(listUsers()).rejects.toMatchObject({ status: 401 });
    expect(refreshCalls).toBe(1);
    expect(userCalls).toBe(2);
  });
});

describe('field client: answers and errors', () => {
  it('sends JSON with its headers (an Idempotency-Key) and resolves with the body', async () => {
    signIn(makeToken(3600));
    handler = (request) => {
      expect(request).toMatchObject({ method: 'POST', path: '/work-entries', body: '{"task_id":1}' });
      expect(request.headers['Idempotency-Key']).toBe('k-1');
      expect(request.headers['Content-Type']).toBe('application/json');
      return { status: 201, data: { work_entry: { id: 7 } } };
    };
    await expect(
      fieldRequest({
        method: 'POST',
        path: '/work-entries',
        body: { task_id: 1 },
        headers: { 'Idempotency-Key': 'k-1' },
      }),
    ).resolves.toEqual({ work_entry: { id: 7 } });
  });

  it("carries the server's error body: status, code, message and details", async () => {
    handler = () => ({
      status: 409,
      data: {
        statusCode: 409,
        error: 'Conflict',
        message: 'Task is blocked by: Wiring',
        code: 'TASK_BLOCKED',
        details: [{ field: 'task_id', message: 'blocked', params: { task_names: ['Wiring'] } }],
      },
    });
    const error = (await listUsers().catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, code: 'TASK_BLOCKED', message: 'Task is blocked by: Wiring' });
    expect(error.details[0].params).toEqual({ task_names: ['Wiring'] });
    expect(error.serverSent).toBe(true);
  });

  it('synthesises a body for an answer that is not the server error body', async () => {
    handler = () => ({ status: 502, data: '<html>Bad gateway</html>', statusText: 'Bad Gateway' });
    const error = (await listUsers().catch((e: unknown) => e)) as ApiError;
    expect(error).toMatchObject({ status: 502, message: 'Bad Gateway', body: { statusCode: 502 } });
    expect(error.serverSent).toBe(false);
  });

  it('no answer is status 0, a network error', async () => {
    handler = () => {
      throw new TypeError('Failed to fetch');
    };
    const error = (await listUsers().catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.isNetworkError).toBe(true);
    expect(error.code).toBe('ERR_NETWORK');
  });

  it('a request its caller gives up on is unanswered (status 0), and asks for no refresh', async () => {
    signIn(makeToken(3600));
    let calls = 0;
    handler = (request) => {
      calls += 1;
      expect(isRefresh(request)).toBe(false);
      return new Promise<Reply>(() => {});
    };
    const abort = new AbortController();
    const pending = fieldRequest({ method: 'GET', path: '/field/my-work', signal: abort.signal });
    abort.abort();
    await expect(pending).rejects.toMatchObject({ status: 0, code: 'ERR_CANCELED' });
    const early = new AbortController();
    early.abort();
    await expect(
      fieldRequest({ method: 'GET', path: '/field/my-work', signal: early.signal }),
    ).rejects.toMatchObject({ status: 0, code: 'ERR_CANCELED' });
    expect(calls).toBe(2);
  });
});
