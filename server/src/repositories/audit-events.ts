/**
 * The audit log's queries: appending an event (in the caller's transaction), sealing a site's
 * events into its hash chain after they commit, the filtered list newest first by keyset on
 * (at, id), and the chain read back in order for verification.
 *
 * Why events are sealed later: hashing an event needs the hash before it, so a writer that chains
 * its own event must hold the site's chain head until it commits, and every audited write of a
 * site then commits one at a time. A writer only inserts its event; sealSite links them.
 *
 * Why a seal is a row of its own (audit_seals) and not columns of the event set later: an UPDATE
 * of the event writes a second version of the row and an entry in each of its indexes again, and
 * the append-only trigger then has to let that one update through. A seal row is one small insert
 * with two index entries, and events are never updated at all.
 *
 * The chain's order (commit order): the sealer takes the site's head row lock (one sealer per
 * site across every process), then reads the site's events with no seal with a snapshot taken
 * after the lock, and gives them the next places (`seq`) in id order. It seals only what has
 * committed, since nothing else is visible to it; an event of a transaction still open (even one
 * with a lower id, taken before others that committed first) is simply not there yet and is sealed
 * by a later run, after them. So the chain is the order in which events became visible to the
 * sealer, one run after another, which is never ambiguous and needs no waiting margin: each event
 * gets exactly one place, and nothing can later appear before a sealed one, because places are not
 * ids. The list's order (at, id) is unchanged; the chain is verified in `seq` order.
 *
 * Which events have no seal, without reading the whole log: those after the head's floor (see
 * db/schema/audit-events.ts auditChainHeads for how the floor moves only past ids no open
 * transaction can still commit). For that a writer's transaction has its transaction id before it
 * takes an event id (appendAuditEvent).
 */
import { and, asc, count, desc, eq, gt, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { auditEvents as e, auditChainHeads as heads, auditSeals as seals } from '../db/schema/index.ts';
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
 * Writes one event in the caller's transaction (the change's own): one statement, no lock beyond
 * its own row, so concurrent writers of a site do not wait for each other. The actor's name is
 * read as it is now, in the same statement. The materialized first step gives the transaction its
 * id before the row takes an event id (the sealer's floor relies on it; a write before this one in
 * the transaction has already given it one).
 *
 * The statement is a named prepared one: PostgreSQL parses and plans it once per connection, not
 * once per write (parsing and planning this insert was most of what auditing added to a write).
 */
export async function appendAuditEvent(db: Db, origin: AuditOrigin, input: AuditInput): Promise<void> {
  const changes = input.changes && Object.keys(input.changes).length ? plain(input.changes) : null;
  const details = input.details ? plain(input.details) : null;
  const params = [
    new Date().toISOString(),
    origin.siteId,
    origin.actorId,
    origin.actorName ?? (origin.actorId ? `#${origin.actorId}` : 'system'),
    input.action,
    input.entity,
    input.id === undefined || input.id === null ? null : String(input.id),
    changes === null ? null : JSON.stringify(changes),
    details === null ? null : JSON.stringify(details),
    origin.requestId ?? null,
    origin.client ?? null,
  ];
  await db._.session
    .prepareQuery({ sql: APPEND_SQL, params }, undefined, 'audit_event_append', false)
    .execute();
}

/** The event's values in order ($1–$11); the actor's name read in the same statement. */
const APPEND_SQL = `with x as materialized (select pg_current_xact_id())
  insert into audit_events (at, site_id, actor_id, actor_name, action, entity_type, entity_id, changes, details, request_id, client)
  select $1::timestamptz, $2::text, $3::integer,
    coalesce((select first_name || ' ' || last_name from users where id = $3::integer), $4::text),
    $5::text, $6::text, $7::text, $8::jsonb, $9::jsonb, $10::text, $11::text from x`;

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
 * Seals the site's committed events with no seal onto the end of its chain (see the top of this
 * file for the order), a batch per transaction, until none is left. `wait`: wait for another
 * sealer of the site (after a request, before a verification) or leave the site to it (the
 * periodic job).
 */
export async function sealSite(db: Db, siteId: string, options: { wait: boolean }): Promise<SealRun> {
  let sealed = 0;
  for (;;) {
    const step = await db.transaction(async (tx) => {
      const head = await lockHead(tx, siteId, options.wait);
      if (!head) return null;
      // No transaction older than the horizon is still open; the id sequence is read after the
      // snapshot, so a transaction that took an id up to lastId had its transaction id before
      // the next statement's snapshot, whose xmax is the new mark.
      const [now] = rowsOf<{ horizon: string; last_id: string }>(
        await tx.execute(sql`select pg_snapshot_xmin(pg_current_snapshot())::text as horizon,
          (select case when is_called then last_value else last_value - 1 end from audit_events_id_seq) as last_id`),
      );
      const ready = head.markId !== null && head.markXid !== null && Number(now.horizon) >= head.markXid;
      // A new statement, so a snapshot taken after the lock: every event committed by now is seen,
      // and what an earlier sealer sealed has its seal.
      const xmax = sql<string>`pg_snapshot_xmax(pg_current_snapshot())::text`;
      const found = await tx
        .select({ event: e, xmax })
        .from(e)
        .where(
          and(
            eq(e.siteId, siteId),
            gt(e.id, head.floorId),
            sql`not exists (select 1 from ${seals} where ${seals.eventId} = ${e.id})`,
          ),
        )
        .orderBy(asc(e.id))
        .limit(SEAL_BATCH);
      const rows = found.map((r) => r.event);
      const nextXid = found.length
        ? found[0].xmax
        : rowsOf<{ xmax: string }>(await tx.execute(sql`select ${xmax} as xmax`))[0].xmax;
      let prev = head.hash;
      let seq = head.seq;
      const made = rows.map((row) => {
        seq++;
        const hash = eventHash(prev, row);
        const seal = { siteId, seq, eventId: row.id, prevHash: prev, hash };
        prev = hash;
        return seal;
      });
      if (made.length) await tx.insert(seals).values(made);
      // Every event up to the mark that will ever commit was visible, and all of them now have a
      // seal (this batch took the last): the floor moves there, and a new mark is taken.
      const whole = rows.length < SEAL_BATCH;
      const floorId = ready && whole ? Math.max(head.floorId, head.markId ?? 0) : head.floorId;
      const mark =
        head.markId === null || (ready && whole)
          ? { markId: Number(now.last_id), markXid: Number(nextXid) }
          : { markId: head.markId, markXid: head.markXid };
      const moved = floorId !== head.floorId || mark.markId !== head.markId;
      if (made.length || moved)
        await tx
          .update(heads)
          .set({
            ...(made.length ? { seq, lastId: rows[rows.length - 1].id, hash: prev } : {}),
            floorId,
            ...mark,
          })
          .where(eq(heads.siteId, siteId));
      return rows.length;
    });
    if (step === null) return { sealed, busy: true };
    sealed += step;
    if (step < SEAL_BATCH) return { sealed, busy: false };
  }
}

/**
 * Every site with events (a walk of the site index, one step per site): the periodic job seals
 * each, which also moves an idle site's floor.
 */
export async function auditSites(db: Db): Promise<string[]> {
  const found = await db.execute(sql`with recursive s as (
      (select site_id from audit_events order by site_id limit 1)
      union all
      select (select site_id from audit_events where site_id > s.site_id order by site_id limit 1) from s
      where s.site_id is not null)
    select site_id from s where site_id is not null`);
  return rowsOf<{ site_id: string }>(found).map((r) => r.site_id);
}

/** Events of the site not sealed yet (written, committed, not yet in the chain). */
export async function unsealedCount(db: Db, siteId: string): Promise<number> {
  const head = await chainHead(db, siteId);
  const [row] = await db
    .select({ n: count() })
    .from(e)
    .where(
      and(
        eq(e.siteId, siteId),
        sql`${e.id} > ${head?.floorId ?? 0}`,
        sql`not exists (select 1 from ${seals} where ${seals.eventId} = ${e.id})`,
      ),
    );
  return Number(row?.n ?? 0);
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export type AuditEventRow = typeof e.$inferSelect;
/** An event as listed: with its seal's hash, null until sealed. */
export type ListedAuditEvent = AuditEventRow & { hash: string | null };

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
export async function auditPage(
  db: Db,
  siteId: string,
  condition: SQL,
  limit: number,
  afterId?: number,
): Promise<ListedAuditEvent[]> {
  const after =
    afterId === undefined
      ? undefined
      : sql`(${e.at}, ${e.id}) < ((select c.at from ${e} c where c.site_id = ${siteId} and c.id = ${afterId}), ${afterId})`;
  const rows = await db
    .select({ event: e, hash: seals.hash })
    .from(e)
    .leftJoin(seals, eq(seals.eventId, e.id))
    .where(and(condition, after))
    .orderBy(desc(e.at), desc(e.id))
    .limit(limit);
  return rows.map((r) => ({ ...r.event, hash: r.hash }));
}

/**
 * The chain in order, a batch after place `afterSeq` (verification): each seal with its event, or
 * with none when the event is gone.
 */
export async function chainBatch(db: Db, siteId: string, afterSeq: number, limit: number) {
  return db
    .select({ seal: seals, event: e })
    .from(seals)
    .leftJoin(e, eq(e.id, seals.eventId))
    .where(and(eq(seals.siteId, siteId), sql`${seals.seq} > ${afterSeq}`))
    .orderBy(seals.seq)
    .limit(limit);
}

export async function chainHead(db: Db, siteId: string) {
  const [row] = await db.select().from(heads).where(eq(heads.siteId, siteId));
  return row;
}
