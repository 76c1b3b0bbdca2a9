/**
 * The live event stream (GET /api/v1/events, Server-Sent Events) as one small typed client.
 * EventSource cannot send an Authorization header, so this uses @microsoft/fetch-event-source:
 * - each connection sends the session's current bearer token; a 401 asks the session for a fresh
 *   one (the same single-flight refresh as every other call, http-client.ts) and connects again,
 *   and stops for good when the session is over;
 * - a stream the server ends (its token expired, the instance shut down) or a cut connection is
 *   reconnected after a backoff (1 s doubling to 30 s), with Last-Event-ID, so the server replays
 *   what was missed, or sends `reset` when it no longer can (the caller then reloads everything);
 * - while the tab is hidden the stream is closed, and reopened (with Last-Event-ID) when it shows.
 * Everything else keeps the generated client.
 */
import { EventStreamContentType, fetchEventSource } from '@microsoft/fetch-event-source';
import {
  LIVE_RESOURCES,
  type LiveEvent,
  type LiveResource,
  WORK_ENTRY_EVENTS,
  type WorkEntryEventType,
} from '../domain/live-events.ts';
import { currentSession, type SessionLink } from './http-client.ts';

export type { LiveEvent } from '../domain/live-events.ts';

export interface LiveHandlers {
  onEvent(event: LiveEvent): void;
  /** Events were missed beyond what the server keeps: reload what the screens show. */
  onReset(): void;
  /** The stream is (again) open. */
  onOpen?(): void;
}

export interface LiveOptions {
  url?: string;
  /** The session to take tokens from (default: the one the HTTP client was handed). */
  session?: SessionLink | null;
  fetch?: typeof fetch;
  /** First retry delay; doubles after each failed attempt up to maxRetryMs. */
  retryMs?: number;
  maxRetryMs?: number;
}

class RetryLater extends Error {}
class SessionOver extends Error {}

const isWorkEntryType = (type: string): type is WorkEntryEventType =>
  (WORK_ENTRY_EVENTS as readonly string[]).includes(type);

/** A received frame as a typed event, or null for one this client does not know. */
export function parseLiveEvent(type: string, data: string): LiveEvent | 'reset' | null {
  if (type === 'reset') return 'reset';
  let body: unknown;
  try {
    body = JSON.parse(data);
  } catch {
    return null;
  }
  if (!body || typeof body !== 'object') return null;
  const value = body as Record<string, unknown>;
  if (isWorkEntryType(type)) {
    if (typeof value.id !== 'number' || typeof value.user_id !== 'number') return null;
    const status = typeof value.status === 'string' ? value.status : undefined;
    return {
      type,
      data: { id: value.id, user_id: value.user_id, ...(status ? { status } : {}) },
    };
  }
  if (type === 'changed') {
    const resource = value.resource as LiveResource;
    if (!LIVE_RESOURCES.includes(resource)) return null;
    const records = Array.isArray(value.records)
      ? value.records.filter((r): r is string => typeof r === 'string')
      : undefined;
    return { type, data: { resource, ...(records ? { records } : {}) } };
  }
  if (type === 'system.status') {
    const redis = value.redis === 'up' || value.redis === 'down' ? value.redis : undefined;
    return { type, data: redis ? { redis } : {} };
  }
  return null;
}

/** Opens the stream; the returned function closes it. */
export function openLiveEvents(handlers: LiveHandlers, options: LiveOptions = {}): () => void {
  const controller = new AbortController();
  const session = () => (options.session === undefined ? currentSession() : options.session);
  const retryMs = options.retryMs ?? 1000;
  const maxRetryMs = options.maxRetryMs ?? 30_000;
  const baseFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  let attempt = 0;
  let sentToken: string | null = null;

  // The token is read at each connection (it changes under a long-lived stream).
  const fetchWithToken: typeof fetch = (input, init) => {
    sentToken = session()?.getToken() ?? null;
    const headers = new Headers(init?.headers);
    if (sentToken) headers.set('authorization', `Bearer ${sentToken}`);
    return baseFetch(input, { ...init, headers });
  };

  fetchEventSource(options.url ?? '/api/v1/events', {
    signal: controller.signal,
    fetch: fetchWithToken,
    async onopen(response) {
      if (response.status === 401) {
        const link = session();
        if (!link) throw new SessionOver();
        try {
          await link.freshToken(sentToken);
        } catch {
          throw new SessionOver();
        }
        // A fresh token: connect again at once.
        attempt = 0;
        throw new RetryLater('token refreshed');
      }
      const type = response.headers.get('content-type') ?? '';
      if (!response.ok || !type.startsWith(EventStreamContentType)) {
        // 403/404/406 will not change by retrying soon; a 5xx or a proxy's page may.
        if (response.status >= 400 && response.status < 500 && response.status !== 429)
          throw new SessionOver();
        throw new RetryLater(`status ${response.status}`);
      }
      attempt = 0;
      handlers.onOpen?.();
    },
    onmessage(message) {
      if (!message.event || message.event === 'ready') return;
      const parsed = parseLiveEvent(message.event, message.data);
      if (parsed === 'reset') handlers.onReset();
      else if (parsed) handlers.onEvent(parsed);
    },
    onclose() {
      // The server ended the stream (token expiry, shutdown): reconnect with Last-Event-ID.
      throw new RetryLater('closed by the server');
    },
    onerror(err) {
      if (err instanceof SessionOver) throw err;
      if (err instanceof RetryLater && err.message === 'token refreshed') return 0;
      const delay = Math.min(maxRetryMs, retryMs * 2 ** attempt);
      attempt++;
      return delay;
    },
  }).catch(() => {
    // Stopped for good (signed out, or not allowed): nothing to reconnect.
  });
  return () => controller.abort();
}
