/**
 * Reading the audit log: who may read what, the filtered list newest first (keyset on time and id), the
 * same filters as CSV, and the chain check. The whole log takes system.logs; a caller without it
 * reads only one record's own history (entity_type and entity_id both given) and only for a kind
 * of record they may update (#domain/audit.ts).
 */
import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyReply } from 'fastify';
import { type AuditEntityType, canReadAuditLog, canReadHistory } from '#domain/audit.ts';
import { actorRole } from '../../infra/effective-permissions.ts';
import { isSecretField } from '../../lib/audit-record.ts';
import { csvText } from '../../lib/csv.ts';
import { errors, HttpError } from '../../lib/errors.ts';
import * as repo from '../../repositories/audit-events.ts';
import { getSiteSettings } from '../../repositories/site-settings.ts';
import type { ApiAuditEvent, AuditEventListOptions } from '../../schemas/audit-event.ts';
import type { RequestContext } from '../../types.ts';
import { inExportSlot } from '../work-entries/export-slot.ts';
import { verifyChain } from './verify.ts';

const DEFAULT_LIMIT = 50;
const CSV_BATCH = 2000;

function refuse(): HttpError {
  return errors.forbidden(
    'Reading the audit log needs system.logs; without it, ask for one record’s history (entity_type and entity_id) of a kind you may update',
    'AUDIT_LOG_FORBIDDEN',
  );
}

/** The caller may read what the filters ask for, or this throws 403. */
function checkReader(ctx: RequestContext, q: AuditEventListOptions) {
  const role = actorRole(ctx.actor);
  if (canReadAuditLog(role)) return;
  const type = q.entity_type as AuditEntityType | undefined;
  if (type !== undefined && q.entity_id !== undefined && canReadHistory(role, type)) return;
  throw refuse();
}

async function conditionFor(ctx: RequestContext, q: AuditEventListOptions) {
  checkReader(ctx, q);
  if (q.from && q.to && q.from > q.to) {
    const message = 'The last day must not be before the first day';
    throw new HttpError(400, `to: ${message}`, {
      code: 'VALIDATION_ERROR',
      details: [{ field: 'to', message }],
    });
  }
  const timeZone = q.from || q.to ? (await getSiteSettings(ctx.db, ctx.siteId)).timezone : 'UTC';
  return repo.auditCondition(ctx.siteId, {
    entityType: q.entity_type,
    entityId: q.entity_id,
    actorId: q.actor_id,
    action: q.action,
    from: q.from,
    to: q.to,
    timeZone,
  });
}

/**
 * Secrets are kept out when events are written; a field named like one is shown as "changed" all the same.
 */
function shownChanges(changes: unknown): ApiAuditEvent['changes'] {
  if (!changes || typeof changes !== 'object') return null;
  const entries = Object.entries(changes as Record<string, unknown>).map(([field, change]) => [
    field,
    isSecretField(field) ? 'changed' : change,
  ]);
  return Object.fromEntries(entries);
}

function present(row: repo.ListedAuditEvent): ApiAuditEvent {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actor_id: row.actorId,
    actor_name: row.actorName,
    action: row.action,
    entity_type: row.entityType,
    entity_id: row.entityId,
    changes: shownChanges(row.changes),
    details: (row.details as Record<string, unknown> | null) ?? null,
    request_id: row.requestId,
    client: row.client,
    hash: row.hash,
  };
}

export async function listAuditEvents(ctx: RequestContext, q: AuditEventListOptions) {
  const condition = await conditionFor(ctx, q);
  const limit = q.limit ?? DEFAULT_LIMIT;
  // One more than the page shows says whether there is a next page.
  const cursor = q.cursor ? Number(q.cursor) : undefined;
  const rows = await repo.auditPage(ctx.db, ctx.siteId, condition, limit + 1, cursor);
  const page = rows.slice(0, limit);
  return {
    audit_events: page.map(present),
    next_cursor: rows.length > limit ? String(page[page.length - 1].id) : null,
  };
}

export const AUDIT_CSV_COLUMNS = [
  'id',
  'at',
  'actor_id',
  'actor_name',
  'action',
  'entity_type',
  'entity_id',
  'changes',
  'details',
  'request_id',
  'client',
  'hash',
] as const;

const jsonCell = (value: unknown) =>
  value === null || value === undefined ? '' : csvText(JSON.stringify(value));

function csvLine(e: ApiAuditEvent): string {
  return [
    String(e.id),
    e.at,
    e.actor_id === null ? '' : String(e.actor_id),
    csvText(e.actor_name),
    csvText(e.action),
    csvText(e.entity_type),
    csvText(e.entity_id),
    jsonCell(e.changes),
    jsonCell(e.details),
    csvText(e.request_id),
    csvText(e.client),
    e.hash ?? '',
  ].join(',');
}

/** Every matching event as CSV, newest first, read a batch at a time as the client takes it. */
export async function exportAuditEvents(ctx: RequestContext, q: AuditEventListOptions, reply: FastifyReply) {
  const condition = await conditionFor(ctx, q);
  return inExportSlot(ctx, reply, async () => {
    async function* lines() {
      yield `\ufeff${AUDIT_CSV_COLUMNS.join(',')}\r\n`;
      let before: number | undefined;
      for (;;) {
        const rows = await ctx.services.exportSlots.turn(() =>
          repo.auditPage(ctx.db, ctx.siteId, condition, CSV_BATCH, before),
        );
        if (rows.length) yield `${rows.map((r) => csvLine(present(r))).join('\r\n')}\r\n`;
        if (rows.length < CSV_BATCH) return;
        before = rows[rows.length - 1].id;
        // Other requests' callbacks run between batches, however fast the client reads.
        await nextTurn();
      }
    }
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="audit-log-${day}.csv"`)
      .send(Readable.from(lines(), { objectMode: false }));
  });
}

/**
 * The caller's site's chain, checked from its first event, after sealing what has committed (so
 * only events committed during the check are left pending).
 */
export async function verifySiteChain(ctx: RequestContext, seal: (siteId: string) => Promise<void>) {
  await seal(ctx.siteId);
  const check = await verifyChain(ctx.db, ctx.siteId);
  return check.ok
    ? { ok: true, count: check.checked, pending: check.pending }
    : {
        ok: false,
        count: check.checked,
        pending: check.pending,
        broken_id: check.broken_id,
        reason: check.reason,
      };
}
