/**
 * The audit log's queries: appending an event to its site's hash chain (in the caller's
 * transaction), the filtered list newest first by keyset on (at, id), and the chain read back in order for
 * verification. Appending locks the site's chain head row, so concurrent writers of one site
 * chain one after another (in commit order) while other sites are not held up.
 */
import { and, asc, desc, eq, gt, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { auditEvents as e, auditChainHeads as heads, users } from '../db/schema/index.ts';
import { type AuditInput, type ChainedContent, eventHash, plain } from '../lib/audit-record.ts';
import { dayStart } from './work-entries.ts';

/** Who and where: what the writer knows of the request (routes/audit-events/writer.ts). */
export interface AuditOrigin {
  siteId: string;
  /** A user, or null for the system (jobs) and for a failed sign-in. */
  actorId: number | null;
  /** Used when there is no actor: 'system', or a failed sign-in's attempted email. */
  actorName?: string;
  requestId?: string | null;
  client?: string | null;
}

/** The head row, locked for this transaction; made on a site's first event. */
async function lockHead(db: Db, siteId: string, actorId: number | null) {
  const select = () =>
    db
      .select({
        hash: heads.hash,
        actorName: actorId
          ? sql<
              string | null
            >`(select ${users.firstName} || ' ' || ${users.lastName} from ${users} where ${users.id} = ${actorId})`
          : sql<null>`null`,
      })
      .from(heads)
      .where(eq(heads.siteId, siteId))
      .for('update');
  const [found] = await select();
  if (found) return found;
  await db.insert(heads).values({ siteId, hash: '' }).onConflictDoNothing();
  const [made] = await select();
  return made;
}

/**
 * Appends one event. Must run inside the change's transaction (the head's lock is held until it
 * ends); a caller without one passes `db.transaction`'s tx all the same.
 */
export async function appendAuditEvent(db: Db, origin: AuditOrigin, input: AuditInput): Promise<void> {
  const head = await lockHead(db, origin.siteId, origin.actorId);
  const content: ChainedContent = {
    at: new Date(),
    siteId: origin.siteId,
    actorId: origin.actorId,
    actorName: head.actorName ?? origin.actorName ?? (origin.actorId ? `#${origin.actorId}` : 'system'),
    action: input.action,
    entityType: input.entity,
    entityId: input.id === undefined || input.id === null ? null : String(input.id),
    changes: input.changes && Object.keys(input.changes).length ? plain(input.changes) : null,
    details: input.details ? plain(input.details) : null,
    requestId: origin.requestId ?? null,
    client: origin.client ?? null,
  };
  const hash = eventHash(head.hash, content);
  await db.execute(sql`with added as (
      insert into ${e} (at, site_id, actor_id, actor_name, action, entity_type, entity_id, changes, details, request_id, client, prev_hash, hash)
      values (${content.at.toISOString()}::timestamptz, ${content.siteId}, ${content.actorId}, ${content.actorName}, ${content.action},
        ${content.entityType}, ${content.entityId}, ${json(content.changes)}, ${json(content.details)}, ${content.requestId},
        ${content.client}, ${head.hash}, ${hash})
      returning id)
    update ${heads} set last_id = (select id from added), hash = ${hash} where site_id = ${origin.siteId}`);
}

const json = (value: unknown) => (value === null ? null : sql`${JSON.stringify(value)}::jsonb`);

export type AuditEventRow = typeof e.$inferSelect;

export interface AuditFilter {
  entityType?: string;
  entityId?: string;
  actorId?: number;
  action?: string;
  /** Inclusive days (YYYY-MM-DD) in `timeZone`. */
  from?: string;
  to?: string;
  timeZone: string;
}

export function auditCondition(siteId: string, f: AuditFilter): SQL {
  return and(
    eq(e.siteId, siteId),
    f.entityType === undefined ? undefined : eq(e.entityType, f.entityType),
    f.entityId === undefined ? undefined : eq(e.entityId, f.entityId),
    f.actorId === undefined ? undefined : eq(e.actorId, f.actorId),
    f.action === undefined ? undefined : eq(e.action, f.action),
    f.from === undefined ? undefined : gte(e.at, dayStart(f.from, f.timeZone)),
    f.to === undefined ? undefined : lt(e.at, dayStart(f.to, f.timeZone, 1)),
  ) as SQL;
}

/**
 * Newest first by (at, id): a page of `limit` events after the event `afterId` (the previous page's
 * last) in that order. The cursor is only the id; its time is read back, exactly as stored, so
 * events written in the same millisecond are neither skipped nor repeated. An id that is not one
 * of the site's events gives an empty page.
 */
export async function auditPage(db: Db, siteId: string, condition: SQL, limit: number, afterId?: number) {
  const after =
    afterId === undefined
      ? undefined
      : sql`(${e.at}, ${e.id}) < ((select c.at from ${e} c where c.site_id = ${siteId} and c.id = ${afterId}), ${afterId})`;
  return db.select().from(e).where(and(condition, after)).orderBy(desc(e.at), desc(e.id)).limit(limit);
}

/** The chain in order, a batch after `afterId` (verification). */
export async function chainBatch(db: Db, siteId: string, afterId: number, limit: number) {
  return db
    .select()
    .from(e)
    .where(and(eq(e.siteId, siteId), gt(e.id, afterId)))
    .orderBy(asc(e.id))
    .limit(limit);
}

export async function chainHead(db: Db, siteId: string) {
  const [row] = await db.select().from(heads).where(eq(heads.siteId, siteId));
  return row;
}
