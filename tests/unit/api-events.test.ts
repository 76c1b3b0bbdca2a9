// @vitest-environment happy-dom
/**
 * src/api/events.ts against a fake server (a fetch that answers like GET /api/v1/events): the
 * session's bearer token on every connection, a 401 answered by one refresh and a reconnection
 * with the fresh token, typed events handed on (unknown ones dropped), `reset`, and a stream the
 * server ends reconnected with Last-Event-ID; a refused refresh stops it for good.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openLiveEvents, parseLiveEvent } from '../../src/api/events.ts';
import type { SessionLink } from '../../src/api/http-client.ts';
import type { LiveEvent } from '../../src/domain/live-events.ts';

interface Call {
  authorization: string | null;
  lastEventId: string | null;
  accept: string | null;
}

/** A fake server: each connection gets the next scripted answer (a status, or SSE text that then ends). */
function fakeServer(answers: (number | string)[]) {
  const calls: Call[] = [];
  const fetch = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    calls.push({
      authorization: headers.get('authorization'),
      lastEventId: headers.get('last-event-id'),
      accept: headers.get('accept'),
    });
    const answer = answers.shift();
    if (answer === undefined) {
      // Stays open until aborted.
      return new Response(new ReadableStream({ start() {} }), {
        headers: { 'content-type': 'text/event-stream' },
      });
    }
    if (typeof answer === 'number') return new Response('{}', { status: answer });
    return new Response(answer, { headers: { 'content-type': 'text/event-stream; charset=utf-8' } });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

function fakeSession(tokens: string[], refreshFails = false) {
  let current = tokens.shift() ?? null;
  const link: SessionLink & { refreshes: number } = {
    refreshes: 0,
    getToken: () => current,
    async freshToken() {
      link.refreshes++;
      if (refreshFails) throw new Error('signed out');
      current = tokens.shift() ?? current;
      return current as string;
    },
  };
  return link;
}

const until = async (check: () => boolean, ms = 2000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 5));
  }
};

let close: (() => void) | undefined;
afterEach(() => close?.());

describe('the live event stream client', () => {
  it('sends the bearer token, refreshes once on 401, hands on typed events and reconnects with Last-Event-ID', async () => {
    const server = fakeServer([
      401,
      'id: 1-0\nevent: ready\ndata: {}\n\n' +
        'id: 2-0\nevent: work_entry.created\ndata: {"id":7,"user_id":3,"status":"in_progress"}\n\n' +
        'event: unknown.thing\ndata: {}\n\n' +
        'id: 3-0\nevent: changed\ndata: {"resource":"users"}\n\n',
      'event: reset\ndata: {}\n\nid: 9-0\nevent: ready\ndata: {}\n\n',
    ]);
    const session = fakeSession(['old', 'new']);
    const events: LiveEvent[] = [];
    let resets = 0;
    let opens = 0;
    close = openLiveEvents(
      { onEvent: (e) => events.push(e), onReset: () => resets++, onOpen: () => opens++ },
      { session, fetch: server.fetch, retryMs: 10 },
    );
    await until(() => resets === 1);
    expect(session.refreshes).toBe(1);
    expect(server.calls.map((c) => c.authorization)).toEqual(['Bearer old', 'Bearer new', 'Bearer new']);
    expect(server.calls[0].accept).toBe('text/event-stream');
    expect(events).toEqual([
      { type: 'work_entry.created', data: { id: 7, user_id: 3, status: 'in_progress' } },
      { type: 'changed', data: { resource: 'users' } },
    ]);
    // The second connection ended: the third resumes after the last id received.
    expect(server.calls.map((c) => c.lastEventId)).toEqual([null, null, '3-0']);
    await until(() => server.calls.length === 4);
    expect(server.calls[3].lastEventId).toBe('9-0');
    expect(opens).toBeGreaterThanOrEqual(2);
  });

  it('stops for good when the refresh is refused (signed out)', async () => {
    const server = fakeServer([401, 401]);
    const session = fakeSession(['old'], true);
    close = openLiveEvents(
      { onEvent: () => {}, onReset: () => {} },
      { session, fetch: server.fetch, retryMs: 5 },
    );
    await until(() => session.refreshes === 1);
    await new Promise((r) => setTimeout(r, 60));
    expect(server.calls).toHaveLength(1);
  });

  it('retries after a server error with a growing delay', async () => {
    const server = fakeServer([503, 502]);
    close = openLiveEvents(
      { onEvent: () => {}, onReset: () => {} },
      { session: fakeSession(['t']), fetch: server.fetch, retryMs: 10 },
    );
    await until(() => server.calls.length === 3);
  });

  it('parses only well-formed events', () => {
    expect(parseLiveEvent('work_entry.deleted', '{"id":1,"user_id":2}')).toEqual({
      type: 'work_entry.deleted',
      data: { id: 1, user_id: 2 },
    });
    expect(parseLiveEvent('work_entry.deleted', '{"id":"1"}')).toBeNull();
    expect(parseLiveEvent('changed', '{"resource":"nothing"}')).toBeNull();
    expect(parseLiveEvent('changed', 'not json')).toBeNull();
    expect(parseLiveEvent('system.status', '{"redis":"down"}')).toEqual({
      type: 'system.status',
      data: { redis: 'down' },
    });
    expect(parseLiveEvent('reset', '')).toBe('reset');
  });
});
