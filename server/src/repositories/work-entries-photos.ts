/** Photo rows of work entries (the files live in the photo folder, never in the database). */
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { workEntryPhotos as p } from '../db/schema/index.ts';

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
