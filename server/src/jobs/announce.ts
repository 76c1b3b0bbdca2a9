/**
 * A job's changes reach the live event streams the way a request's do (plugins/live-events.ts):
 * through publishChanges, after their transaction committed. A job calls its context's `announce`
 * with what it audited (or, for a change it does not audit, what a screen must reload) once the
 * batch's transaction is done; an announcement that fails is logged and never fails the run.
 */
import type { FastifyInstance } from 'fastify';
import type { AuditInput } from '../lib/audit-record.ts';

export type Announce = (siteId: string, changes: AuditInput[]) => Promise<void>;

export function liveAnnouncer(app: FastifyInstance): Announce {
  return async (siteId, changes) => {
    if (changes.length === 0) return;
    try {
      await app.services.live.publishChanges(app.database.db, siteId, changes);
    } catch (err) {
      app.log.warn({ err, siteId }, 'could not announce a job’s change to live event streams');
    }
  };
}
