/**
 * The audit log's queries: appending an event (in the caller's transaction, unsealed), sealing a
 * site's events into its hash chain after they commit, the filtered list newest first by keyset on
 * (at, id), and the chain read back in order for verification.
 *
 * Why events are sealed later: hashing an event needs the hash before it, so a writer that chains
 * its own event must hold the site's chain head until it commits, and every audited write of a
 * site then commits one at a time (bench/audit.ts measured p99 2.6× that of unaudited writes). A
 * writer now only inserts its event with no chain place and no hashes; sealSite links them.
 *
 * The chain's order (commit order): the sealer takes the site's head row lock (one sealer per
 * site across every process), then reads the site's unsealed events with a snapshot taken after
 * the lock, and gives them the next places (`seq`) in id order. It seals only what has committed,
 * since nothing else is visible to it; an event of a transaction still open (even one with a lower
 * id, taken before others that committed first) is simply not there yet and is sealed by a later
 * run, after them. So the chain is the order in which events became visible to the sealer, one run
 * after another, which is never ambiguous and needs no waiting margin: each event gets exactly one
 * place, and nothing can later appear before a sealed one, because places are not ids. (Sealing in
 * id order instead would need to know that no lower id can still commit, which an id taken from
 * the sequence before its transaction has an xid cannot promise without a guessed time margin.)
 * The list's order (at, id) is unchanged; the chain is verified in `seq` order.
 */
import { and, asc, count, desc, eq, gt, gte, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { auditEvents as e, auditChainHeads as heads, users } from '../db/schema/index.ts';
import { type AuditInput, eventHash, plain } from '../lib/audit-record.ts';
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

/**
 * Writes one event, unsealed, in the caller's transaction (the change's own): one insert, no lock
 * beyond its own row, so concurrent writers of a site do not wait for each other. The actor's
 * name is read as it is now, in the same statement.
 */
export async function appendAuditEvent(db: Db, origin: AuditOrigin, input: AuditInput): Promise<void> {
  const fallback = origin.actorName ?? (origin.actorId ? `#${origin.actorId}` : 'system');
  const actorName = origin.actorId
    ? sql`coalesce((select ${users.firstName} || ' ' || ${users.lastName} from ${users} where ${users.id} = ${origin.actorId}), ${fallback})`
    : sql`${fallback}`;
  const entityId = input.id === undefined || input.id === null ? null : String(input.id);
  const changes = input.changes && Object.keys(input.changes).length ? plain(input.changes) : null;
  const details = input.details ? plain(input.details) : null;
  await db.execute(sql`insert into ${e} (at, site_id, actor_id, actor_name, action, entity_type, entity_id, changes, details, request_id, client)
    values (${new Date().toISOString()}::timestamptz, ${origin.siteId}, ${origin.actorId}, ${actorName}, ${input.action},
      ${input.entity}, ${entityId}, ${json(changes)}, ${json(details)}, ${origin.requestId ?? null}, ${origin.client ?? null})`);
}

/** Events sealed per transaction: a run seals everything in batches of this many. */
const SEAL_BATCH = 1000;

/**
 * The site's head row, locked for this transaction (made on a site's first seal); undefined when
 * `wait` is false and another sealer holds it.
 */
async function lockHead(db: Db, siteId: string, wait: boolean) {
  const select = () => {
    const q = db.select().from(heads).where(eq(heads.siteId, siteId));
    return wait ? q.for('update') : q.for('update', { skipLocked: true });
  };
  const [found] = await select();
  if (found) return found;
  await db.insert(heads).values({ siteId, hash: '' }).onConflictDoNothing();
  const [made] = await select();
  return made;
}

export interface SealRun {
  /** Events given their place in the chain by this run. */
  sealed: number;
  /** Another sealer held the site's head (only when not waiting): it seals what it sees. */
  busy: boolean;
}

/**
 * Seals the site's committed, unsealed events onto the end of its chain (see the top of this file
 * for the order), a batch per transaction, until none is left. `wait`: wait for another sealer of
 * the site (after a request, before a verification) or leave the site to it (the periodic job).
 */
export async function sealSite(db: Db, siteId: string, options: { wait: boolean }): Promise<SealRun> {
  let sealed = 0;
  for (;;) {
    const step = await db.transaction(async (tx) => {
      const head = await lockHead(tx, siteId, options.wait);
      if (!head) return null;
      // A new statement, so a snapshot taken after the lock: every event committed by now is seen,
      // and what an earlier sealer sealed is no longer unsealed.
      const rows = await tx
        .select()
        .from(e)
        .where(and(eq(e.siteId, siteId), isNull(e.hash)))
        .orderBy(asc(e.id))
        .limit(SEAL_BATCH);
      if (rows.length === 0) return 0;
      let prev = head.hash;
      let seq = head.seq;
      const seals = rows.map((row) => {
        seq++;
        const hash = eventHash(prev, row);
        const seal = { id: row.id, seq, prev, hash };
        prev = hash;
        return seal;
      });
      // The one update the append-only trigger lets through: seq, prev_hash and hash, from null.
      await tx.execute(sql`update ${e} set seq = v.seq, prev_hash = v.prev, hash = v.hash
        from jsonb_to_recordset(${JSON.stringify(seals)}::jsonb) as v(id bigint, seq bigint, prev text, hash text)
        where ${e.id} = v.id and ${e.siteId} = ${siteId} and ${e.hash} is null`);
      await tx
        .update(heads)
        .set({ seq, lastId: rows[rows.length - 1].id, hash: prev })
        .where(eq(heads.siteId, siteId));
      return rows.length;
    });
    if (step === null) return { sealed, busy: true };
    sealed += step;
    if (step < SEAL_BATCH) return { sealed, busy: false };
  }
}

/** Sites with events still to seal (the periodic job's catch-up). */
export async function sitesWithUnsealed(db: Db): Promise<string[]> {
  const rows = await db.selectDistinct({ siteId: e.siteId }).from(e).where(isNull(e.hash));
  return rows.map((r) => r.siteId);
}

/** Events of the site not sealed yet (written, committed, not yet in the chain). */
export async function unsealedCount(db: Db, siteId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(e)
    .where(and(eq(e.siteId, siteId), isNull(e.hash)));
  return Number(row?.n ?? 0);
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

/** The sealed chain in order, a batch after place `afterSeq` (verification). */
export async function chainBatch(db: Db, siteId: string, afterSeq: number, limit: number) {
  return db
    .select()
    .from(e)
    .where(and(eq(e.siteId, siteId), gt(e.seq, afterSeq)))
    .orderBy(asc(e.seq))
    .limit(limit);
}

export async function chainHead(db: Db, siteId: string) {
  const [row] = await db.select().from(heads).where(eq(heads.siteId, siteId));
  return row;
}
