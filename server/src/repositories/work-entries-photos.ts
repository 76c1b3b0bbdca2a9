/** Photo rows of work entries (the files live in the photo folder, never in the database). */
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { workEntryPhotos as p, workEntries } from '../db/schema/index.ts';

export type PhotoRow = typeof p.$inferSelect;

/** Photos of the site's entries among `entryIds`, oldest first. */
export function photosOf(db: Db, siteId: string, entryIds: number[]): Promise<PhotoRow[]> {
  if (entryIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(p)
    .where(and(eq(p.siteId, siteId), inArray(p.workEntryId, entryIds)))
    .orderBy(asc(p.id));
}

export async function photoCount(db: Db, siteId: string, entryId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(p)
    .where(and(eq(p.siteId, siteId), eq(p.workEntryId, entryId)));
  return row?.n ?? 0;
}

/** A photo by id alone: its signed link already proves which photo, and the row names the site. */
export async function photoById(db: Db, id: number): Promise<PhotoRow | undefined> {
  const [row] = await db.select().from(p).where(eq(p.id, id)).limit(1);
  return row;
}

export async function insertPhoto(
  db: Db,
  siteId: string,
  values: { workEntryId: number; url: string; contentType: string; sizeBytes: number },
): Promise<PhotoRow> {
  const [row] = await db
    .insert(p)
    .values({ ...values, siteId })
    .returning();
  return row;
}

/**
 * Adds a photo row unless the entry already holds `max`, in one transaction that locks the entry's
 * row first: concurrent uploads to one entry are counted one after the other, so the limit holds
 * however many arrive at once. Undefined when the entry is full (or gone).
 */
export function insertPhotoWithin(
  db: Db,
  siteId: string,
  values: { workEntryId: number; url: string; contentType: string; sizeBytes: number },
  max: number,
): Promise<PhotoRow | undefined> {
  return db.transaction(async (tx) => {
    const [entry] = await tx
      .select({ id: workEntries.id })
      .from(workEntries)
      .where(and(eq(workEntries.siteId, siteId), eq(workEntries.id, values.workEntryId)))
      .for('update');
    if (!entry || (await photoCount(tx, siteId, values.workEntryId)) >= max) return undefined;
    return insertPhoto(tx, siteId, values);
  });
}
