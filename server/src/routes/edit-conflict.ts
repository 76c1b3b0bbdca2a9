/**
 * Optimistic concurrency for every update, once for all resources (handlers.ts `updated`
 * and crud.ts use it): a record's version is its `updated_at` as the API answered it. A client that
 * sends it back as `If-Match: "<updated_at>"` saves only over that version:
 * - the update runs in one transaction that first locks the record's row (FOR UPDATE, so two
 *   guarded saves of one record run one after the other) and compares its version;
 * - a stale version answers 409 EDIT_CONFLICT and changes nothing. Its details name each field
 *   changed since (from the audit log: the events after the one that made the version the client
 *   loaded) with its current `value` as logged, and last `{ field: 'updated_at', rule: 'version', value }`,
 *   the version to send to save over those changes on purpose.
 * A request without If-Match (or `If-Match: *`) saves as before.
 */
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { type ErrorDetail, errors, HttpError } from '../lib/errors.ts';
import { type GuardedEntity, lockRecordVersion, recordChangesSince } from '../repositories/edit-history.ts';
import type { RequestContext } from '../types.ts';

export { type GuardedEntity, isGuardedEntity } from '../repositories/edit-history.ts';

export const EDIT_CONFLICT = 'EDIT_CONFLICT';

/** The 409 every guarded update declares. */
export const EDITED =
  'Someone else changed the record since the version sent as If-Match (EDIT_CONFLICT; the details name each changed field with its current value)';

/** The header every update route declares. */
export const IfMatchHeaders = Type.Object({
  'if-match': Type.Optional(
    Type.String({
      maxLength: 100,
      description:
        'The record’s updated_at as it was loaded (quoted, as an entity tag): the save is refused with ' +
        '409 EDIT_CONFLICT when the record changed since. Left out (or *), the save overwrites as before.',
    }),
  ),
});

/** The version the client loaded, as ISO text, or null when it sent none. */
export function expectedVersion(request: FastifyRequest): string | null {
  const header = request.headers['if-match'];
  const raw = (Array.isArray(header) ? header[0] : header)?.trim();
  if (!raw || raw === '*') return null;
  const token = raw.replace(/^W\//, '').replace(/^"(.*)"$/, '$1');
  const time = Date.parse(token);
  if (Number.isNaN(time)) {
    const message = 'If-Match must be the record’s updated_at as it was loaded';
    throw errors.badRequest(message, 'VALIDATION_ERROR', [{ field: 'If-Match', message, rule: 'format' }]);
  }
  return new Date(time).toISOString();
}

/** A guarded record that is no one-id row of TABLES (an assignment): how to lock it and read its version. */
export interface EditTarget {
  entity: string;
  /** The id its audit events name. */
  auditId: string;
  /**
   * Locks the record's row for the transaction (FOR UPDATE) and answers its updated_at, or none
   * when it is gone.
   */
  lockVersion: (db: Db) => Promise<Date | undefined>;
}

/**
 * Runs `save` guarded by the request's If-Match (see above); without one, as it is. `save` gets the
 * context to use: inside the guard's transaction its own `ctx.db.transaction` is a savepoint of it.
 */
export async function guardedSave<R>(
  ctx: RequestContext,
  request: FastifyRequest,
  entity: GuardedEntity,
  id: number,
  save: (ctx: RequestContext) => Promise<R>,
): Promise<R> {
  const lockVersion = (db: Db) => lockRecordVersion(db, ctx.siteId, entity, id);
  return guardedSaveOf(ctx, request, { entity, auditId: String(id), lockVersion }, save);
}

export async function guardedSaveOf<R>(
  ctx: RequestContext,
  request: FastifyRequest,
  target: EditTarget,
  save: (ctx: RequestContext) => Promise<R>,
): Promise<R> {
  const expected = expectedVersion(request);
  if (!expected) return save(ctx);
  return ctx.db.transaction(async (tx) => {
    // The row stays locked until the save commits: a second guarded save waits, then sees this one's version.
    const version = (await target.lockVersion(tx))?.toISOString();
    // A missing record is the save's own 404.
    if (version === undefined || version === expected) return save({ ...ctx, db: tx });
    throw await editConflict(tx, ctx.siteId, target.entity, target.auditId, expected, version);
  });
}

async function editConflict(
  db: Db,
  siteId: string,
  entity: string,
  auditId: string,
  expected: string,
  version: string,
): Promise<HttpError> {
  const events = await recordChangesSince(db, siteId, entity, auditId, new Date(expected));
  // The first event at or after the loaded version is the change that made it (its event is written
  // after its row, in the same transaction); a lone event is the change that came since.
  const since = events.length > 1 ? events.slice(1) : events;
  const latest = new Map<string, unknown>();
  for (const event of since) {
    const changes = (event.changes ?? {}) as Record<string, unknown>;
    for (const [field, change] of Object.entries(changes)) {
      latest.set(field, change && typeof change === 'object' && 'new' in change ? change.new : undefined);
    }
  }
  const message = 'Someone else changed this record since it was loaded';
  const details: ErrorDetail[] = [...latest].map(([field, value]) => ({
    field,
    message: 'Changed by someone else',
    rule: 'edit_conflict',
    value,
  }));
  details.push({
    field: 'updated_at',
    message: 'The record’s current version: send it as If-Match to save over these changes',
    rule: 'version',
    value: version,
  });
  return new HttpError(409, message, { code: EDIT_CONFLICT, details });
}
