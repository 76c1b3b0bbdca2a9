/**
 * The outbox's queries (db/schema/outbox.ts): appending in the change's transaction, claiming a
 * batch of undispatched events (FOR UPDATE SKIP LOCKED, so two server processes never take the same
 * event and neither waits for the other), marking them dispatched, and pruning old ones.
 */
import { asc, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { type OutboxEventRow, outboxEvents as o } from '../db/schema/index.ts';
import type { OutboxDraft } from '../lib/outbox-kinds.ts';

export type { OutboxEventRow };

/** Appends events of one site; `db` must be the change's own transaction. */
export async function appendOutbox(
  db: Db,
  siteId: string,
  actorId: number | null,
  drafts: OutboxDraft[],
): Promise<void> {
  if (drafts.length === 0) return;
  await db.insert(o).values(
    drafts.map((d) => ({
      siteId,
      actorId,
      kind: d.kind,
      entityType: d.entityType,
      entityId: d.entityId,
      data: d.data,
    })),
  );
}

/**
 * The oldest undispatched events, locked for the transaction `tx`; events another process holds
 * are skipped, not waited for. In id order, so each record's events are handed on in the order
 * they were written.
 */
export async function claimPending(tx: Db, limit: number): Promise<OutboxEventRow[]> {
  return tx.select().from(o).where(isNull(o.dispatchedAt)).orderBy(asc(o.id)).limit(limit).for('update', {
    skipLocked: true,
  });
}

export async function markDispatched(tx: Db, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  // One array parameter, not a parameter per id (a batch is 500).
  const list = `{${ids.map((n) => Math.trunc(n)).join(',')}}`;
  await tx.update(o).set({ dispatchedAt: sql`now()` }).where(sql`${o.id} = any(${list}::bigint[])`);
}

/** Removes events dispatched before `before`; answers how many. */
export async function pruneDispatched(db: Db, before: Date): Promise<number> {
  const gone = await db.delete(o).where(lt(o.dispatchedAt, before)).returning({ id: o.id });
  return gone.length;
}
