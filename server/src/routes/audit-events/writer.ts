/**
 * The audit writer every service is given (RequestContext.audit, made in kit.ts contextOf): it
 * knows the request's site, actor, id and client address, so a service says only what changed:
 *
 *   await ctx.audit(tx, { action: 'position.update', entity: 'position', id, changes: auditDiff(before, changes) });
 *
 * It must be called with the change's own transaction: the event and the change commit together
 * or not at all. The event is written unsealed; a request's events are sealed into the site's hash
 * chain once it has answered (plugins/audit-sealing.ts), a job's by the audit-seal job or the next
 * request or verification of its site. Jobs (no request) use systemAuditor.
 *
 * The same call writes the outbox: a change the outside is told about (lib/outbox-kinds.ts)
 * gets its outbox event in that transaction too, whether or not auditing is switched off (the
 * audit benchmark's comparison run).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { AuditInput } from '../../lib/audit-record.ts';
import { outboxDraftOf } from '../../lib/outbox-kinds.ts';
import { sealAfterAnswer } from '../../plugins/audit-sealing.ts';
import { noteOutboxWrite } from '../../plugins/outbox-nudge.ts';
import { type AuditOrigin, appendAuditEvent } from '../../repositories/audit-events.ts';
import { appendOutbox } from '../../repositories/outbox.ts';
import type { AuditWriter, AuthContext } from '../../types.ts';

export function auditorFor(app: FastifyInstance, origin: AuditOrigin, onOutbox?: () => void): AuditWriter {
  const audited = app.auditEnabled;
  return async (db: Db, event: AuditInput) => {
    if (audited) await appendAuditEvent(db, origin, event);
    const draft = outboxDraftOf(event);
    if (draft) {
      await appendOutbox(db, origin.siteId, origin.actorId, [draft]);
      onOutbox?.();
    }
  };
}

/** For a request: the signed-in actor, or (sign-in) the user or attempted email named by the caller. */
export function requestAuditor(
  app: FastifyInstance,
  request: FastifyRequest,
  actor: Pick<AuthContext, 'siteId' | 'userId'> | { siteId: string; userId: null; name: string },
): AuditWriter {
  const write = auditorFor(
    app,
    {
      siteId: actor.siteId,
      actorId: actor.userId,
      actorName: 'name' in actor ? actor.name : undefined,
      requestId: request.id,
      client: request.ip,
    },
    () => noteOutboxWrite(request),
  );
  if (!app.auditEnabled) return write;
  return async (db, event) => {
    await write(db, event);
    sealAfterAnswer(request, actor.siteId);
  };
}

/** For a job: the actor is 'system'. */
export const systemAuditor = (app: FastifyInstance, siteId: string): AuditWriter =>
  auditorFor(app, { siteId, actorId: null, actorName: 'system' });
