/**
 * Live events of requests (infra/live-events.ts): the changes a request audits are collected while
 * it runs (kit.ts contextOf wraps its audit writer with liveRecorder) and published once it has
 * answered 2xx, when its transactions have committed; a request that failed announces nothing.
 * On shutdown every event stream is ended first, so its client reconnects to another process
 * instead of holding this one open until the drain time is over.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.ts';
import type { AuditInput } from '../lib/audit-record.ts';
import type { AuditWriter } from '../types.ts';

interface Pending {
  siteId: string;
  changes: { db: Db; event: AuditInput }[];
}

const pendingOf = new WeakMap<FastifyRequest, Pending>();

/** The request's audit writer, also noting each change for the live events sent after the answer. */
export function liveRecorder(request: FastifyRequest, siteId: string, audit: AuditWriter): AuditWriter {
  const recorder: AuditWriter = async (db, event) => {
    await audit(db, event);
    const pending = pendingOf.get(request) ?? { siteId, changes: [] };
    pendingOf.set(request, pending);
    pending.changes.push({ db, event });
  };
  recorder.rolledBack = (db) => {
    const pending = pendingOf.get(request);
    if (pending) pending.changes = pending.changes.filter((c) => c.db !== db);
  };
  return recorder;
}

export default fp(async function liveEvents(app: FastifyInstance) {
  app.addHook('onResponse', async (request, reply) => {
    const pending = pendingOf.get(request);
    if (!pending) return;
    pendingOf.delete(request);
    if (reply.statusCode >= 400) return;
    try {
      const changes = pending.changes.map((c) => c.event);
      await app.services.live.publishChanges(app.database.db, pending.siteId, changes);
    } catch (err) {
      request.log.warn({ err }, 'could not announce a change to live event streams');
    }
  });
  app.addHook('preClose', async () => app.services.live.endAll());
  app.addHook('onClose', async () => app.services.live.close());
});
