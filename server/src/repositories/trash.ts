/** The trash items (trash_items): written by a delete, listed, locked for a restore, purged. */
import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { trashItems, users } from '../db/schema/index.ts';
import { siteCondition } from './site-scoped.ts';

export type { TrashTableRows } from '../db/schema/index.ts';

export type TrashItemRow = typeof trashItems.$inferSelect;
export type NewTrashItem = Omit<typeof trashItems.$inferInsert, 'siteId' | 'id'>;

const where = siteCondition(trashItems);

export async function insertItem(db: Db, siteId: string, values: NewTrashItem): Promise<TrashItemRow> {
  const [row] = await db
    .insert(trashItems)
    .values({ ...values, siteId })
    .returning();
  return row;
}

/** One item, locked for the caller's transaction (a restore and a delete forever cannot both win). */
export async function lockItem(db: Db, siteId: string, id: number): Promise<TrashItemRow | undefined> {
  const [row] = await db
    .select()
    .from(trashItems)
    .where(where(siteId, eq(trashItems.id, id)))
    .for('update');
  return row;
}

export async function removeItem(db: Db, siteId: string, id: number): Promise<boolean> {
  const rows = await db
    .delete(trashItems)
    .where(where(siteId, eq(trashItems.id, id)))
    .returning({ id: trashItems.id });
  return rows.length > 0;
}

export interface TrashListFilter {
  types: readonly string[];
  limit: number;
  offset: number;
}

/** The list's columns: everything but the rows themselves. */
const listed = {
  id: trashItems.id,
  entityType: trashItems.entityType,
  entityId: trashItems.entityId,
  label: trashItems.label,
  deletedById: trashItems.deletedById,
  deletedByName: trashItems.deletedByName,
  deletedAt: trashItems.deletedAt,
  purgeAfter: trashItems.purgeAfter,
};

/** Newest first, of the given kinds; and how many there are in all. */
export async function listItems(db: Db, siteId: string, f: TrashListFilter) {
  if (f.types.length === 0) return { items: [], total: 0 };
  const condition = where(siteId, inArray(trashItems.entityType, [...f.types]));
  const items = await db
    .select(listed)
    .from(trashItems)
    .where(condition)
    .orderBy(desc(trashItems.deletedAt), desc(trashItems.id))
    .limit(f.limit)
    .offset(f.offset);
  const [{ total }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(trashItems)
    .where(condition);
  return { items, total };
}

/** Removes a site's items past their time, at most `limit`; answers what went (for the audit event). */
export async function purgeDue(db: Db, siteId: string, now: Date, limit: number) {
  const due = db
    .select({ id: trashItems.id })
    .from(trashItems)
    .where(and(eq(trashItems.siteId, siteId), lt(trashItems.purgeAfter, now)))
    .orderBy(trashItems.id)
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .delete(trashItems)
    .where(and(eq(trashItems.siteId, siteId), inArray(trashItems.id, due)))
    .returning({ id: trashItems.id, entityType: trashItems.entityType, entityId: trashItems.entityId });
}

/** Sites with something past its time in the trash. */
export async function sitesWithDue(db: Db, now: Date): Promise<string[]> {
  const rows = await db
    .selectDistinct({ siteId: trashItems.siteId })
    .from(trashItems)
    .where(lt(trashItems.purgeAfter, now));
  return rows.map((r) => r.siteId);
}

/** The name a trash item keeps of who deleted it. */
export async function userName(db: Db, siteId: string, userId: number): Promise<string> {
  const [row] = await db
    .select({ name: sql<string>`${users.firstName} || ' ' || ${users.lastName}` })
    .from(users)
    .where(and(eq(users.siteId, siteId), eq(users.id, userId)));
  return row?.name ?? `#${userId}`;
}
