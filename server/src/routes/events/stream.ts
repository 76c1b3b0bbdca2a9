/**
 * One client's event stream (GET /api/v1/events), written straight to the socket:
 * - first `retry` and a `ready` event whose id is the point to resume from; then, with a
 *   Last-Event-ID, what was missed (from the bus's buffer) or a `reset` when that is gone;
 * - every event the viewer may receive (#domain/live-events.ts), each with its id;
 * - a comment every HEARTBEAT_MS, which keeps proxies from closing an idle stream and is when the
 *   session is checked again: a signed-out, revoked or deactivated session's stream ends;
 * - the stream ends when the access token expires (the client reconnects with a fresh one), when
 *   the client is too slow to read (it reconnects and replays), and at shutdown.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { decodeJwt } from 'jose';
import { type LiveEvent, mayReceive } from '#domain/live-events.ts';
import { actorRole } from '../../infra/effective-permissions.ts';
import type { StoredEvent } from '../../infra/live-events.ts';
import { bearerToken } from '../../plugins/authorization.ts';
import type { AuthContext } from '../../types.ts';

export const HEARTBEAT_MS = 20_000;
/** What a client waits before reconnecting after a cut (the SSE `retry` field). */
const RETRY_MS = 2_000;
/** Unread bytes past which a client is too slow: its stream ends and it catches up on reconnecting. */
const MAX_BUFFERED = 1024 * 1024;

export interface StreamOptions {
  heartbeatMs?: number;
}

const frame = (type: string, id: string | null, data: unknown) =>
  `${id ? `id: ${id}\n` : ''}event: ${type}\ndata: ${JSON.stringify(data)}\n\n`;

export async function openStream(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  auth: AuthContext,
  lastEventId: string | undefined,
  options: StreamOptions = {},
) {
  const live = app.services.live;
  const res = reply.raw;
  reply.hijack();
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
    'x-request-id': request.id,
  });
  res.flushHeaders();

  let ended = false;
  // Until the replay is written, live events wait here (and those the replay held are not sent twice).
  let queued: StoredEvent[] | null = [];
  const sent = new Set<string>();
  const write = (chunk: string) => {
    if (ended) return;
    res.write(chunk);
    if (res.writableLength > MAX_BUFFERED) end();
  };
  const send = (stored: StoredEvent) => {
    if (queued) queued.push(stored);
    else write(frame(stored.event.type, stored.id, stored.event.data));
  };
  const viewer = { userId: auth.userId, role: actorRole(auth) };
  const detach = live.attach({
    siteId: auth.siteId,
    viewer,
    send,
    reset: () => write(frame('reset', null, {})),
    notice: (event: LiveEvent) => write(frame(event.type, null, event.data)),
  });
  const stopEndAll = live.onEndAll(() => end());
  const token = bearerToken(request);
  const expiresAt = token ? Number(decodeJwt(token).exp ?? 0) * 1000 : 0;
  const expiry = setTimeout(() => end(), Math.max(0, expiresAt - Date.now()));
  // The session only (the token's check is cached, the session's row for a few seconds): a role
  // change or deactivation ends the session, so it ends the stream too.
  const stillLive = async () => {
    const claims = token ? await app.services.tokens.verify(token) : null;
    if (!claims) return false;
    const { revocations, liveSessions } = app.services;
    const [revoked, live] = await Promise.all([
      revocations ? revocations.isRevoked(claims.sessionId) : false,
      liveSessions.isLive(claims),
    ]);
    return !revoked && live;
  };
  const beat = () => {
    write(': ping\n\n');
    void stillLive()
      .then((still) => {
        if (!still) end();
      })
      .catch(() => {});
  };
  // The first beat at a random point of the interval: streams opened together (a restart, a
  // benchmark) do not all check their sessions in the same instant.
  const every = options.heartbeatMs ?? HEARTBEAT_MS;
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  const firstBeat = setTimeout(
    () => {
      beat();
      heartbeat = setInterval(beat, every);
    },
    every * (0.5 + Math.random() * 0.5),
  );
  function end() {
    if (ended) return;
    ended = true;
    detach();
    stopEndAll();
    clearTimeout(expiry);
    clearTimeout(firstBeat);
    clearInterval(heartbeat);
    res.end();
  }
  res.on('close', end);
  res.on('error', end);

  write(`retry: ${RETRY_MS}\n\n`);
  try {
    const replay = lastEventId ? await live.since(auth.siteId, lastEventId) : [];
    if (replay === 'reset') {
      write(frame('reset', null, {}));
      write(frame('ready', await live.latest(auth.siteId), {}));
    } else {
      for (const e of replay) {
        sent.add(e.id);
        if (mayReceive(e.event, viewer)) write(frame(e.event.type, e.id, e.event.data));
      }
      // Where to resume: the last replayed event, else "now" (nothing before it is owed).
      const resumeAt = replay.length > 0 ? replay[replay.length - 1].id : await live.latest(auth.siteId);
      write(frame('ready', resumeAt, {}));
    }
  } catch (err) {
    request.log.warn({ err }, 'could not replay live events: the client reloads');
    write(frame('reset', null, {}));
  }
  const waiting = queued;
  queued = null;
  for (const e of waiting) if (!sent.has(e.id)) send(e);
  sent.clear();
}
