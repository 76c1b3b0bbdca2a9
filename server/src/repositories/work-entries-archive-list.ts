/**
 * Reading the work-entry archive, always within one site: the filtered list by keyset on
 * (created_at, id) (the archive's one order, backed by its (site_id, created_at, id) index and the
 * per-worker and per-position ones), a capped count, one entry, photos, and the export's batches.
 */
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { WORK_ENTRY_COUNT_CAP } from '#domain/work-entries.ts';
import type { Db } from '../db/client.ts';
import { workEntriesArchive as a, workEntryPhotosArchive as pa } from '../db/schema/index.ts';
import { type EntryFilter, filterParts } from './work-entries.ts';
import { isTimestampText } from './work-entries-keyset.ts';

export type ArchiveFilter = Omit<EntryFilter, 'search'>;

export type Order = 'asc' | 'desc';

export function archiveCondition(siteId: string, f: ArchiveFilter): SQL {
  return and(eq(a.siteId, siteId), ...filterParts(a, f)) as SQL;
}

const columns = {
  id: a.id,
  userId: a.userId,
  firstName: a.firstName,
  lastName: a.lastName,
  positionId: a.positionId,
  positionName: a.positionName,
  taskId: a.taskId,
  taskName: a.taskName,
  status: a.status,
  durationMinutes: a.durationMinutes,
  startedAt: a.startedAt,
  createdAt: a.createdAt,
  completedAt: a.completedAt,
  pausedSeconds: a.pausedSeconds,
  notes: a.notes,
  nfcTagId: a.nfcTagId,
  latitude: a.latitude,
  longitude: a.longitude,
  distanceMeters: a.distanceMeters,
  archivedAt: a.archivedAt,
  /** The creation time as PostgreSQL writes it (microseconds kept), for the cursor. */
  k0: sql<string>`${a.createdAt}::text`,
  photoIds: sql<
    number[]
  >`(select coalesce(array_agg(${pa.id} order by ${pa.id}), '{}') from ${pa} where ${pa.workEntryId} = ${a.id})`,
};

export type ArchivedRow = Awaited<ReturnType<typeof pageAfter>>['rows'][number];

/** The cursor after a row: its order, creation time (text) and id. */
const encodeCursor = (order: Order, row: { k0: string; id: number }) =>
  Buffer.from(JSON.stringify(['archive', order, row.k0, row.id])).toString('base64url');

/** "After the cursor" as a condition, or undefined for a cursor that is not ours for this order. */
function afterCursor(order: Order, cursor: string): SQL | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  if (!Array.isArray(parsed) || parsed.length !== 4) return undefined;
  const [kind, o, created, id] = parsed as unknown[];
  if (kind !== 'archive' || o !== order || typeof created !== 'string' || !isTimestampText(created))
    return undefined;
  if (!Number.isInteger(id) || (id as number) < 1 || (id as number) > 2147483647) return undefined;
  const key = sql`(${a.createdAt}, ${a.id})`;
  const value = sql`(${created}::timestamptz, ${id as number}::int)`;
  return order === 'asc' ? sql`${key} > ${value}` : sql`${key} < ${value}`;
}

export class InvalidArchiveCursor extends Error {}

export async function pageAfter(db: Db, condition: SQL, order: Order, limit: number, cursor?: string) {
  const after = cursor === undefined ? undefined : afterCursor(order, cursor);
  if (cursor !== undefined && !after) throw new InvalidArchiveCursor();
  const dir = order === 'asc' ? asc : desc;
  const rows = await db
    .select(columns)
    .from(a)
    .where(and(condition, after))
    .orderBy(dir(a.createdAt), dir(a.id))
    .limit(limit + 1);
  const more = rows.length > limit;
  const page = more ? rows.slice(0, limit) : rows;
  const last = page.at(-1);
  return { rows: page, nextCursor: more && last ? encodeCursor(order, last) : null };
}

/** Matches counted up to the cap and one more. */
export async function countCapped(db: Db, condition: SQL): Promise<{ total: number; capped: boolean }> {
  const limited = db
    .select({ one: sql`1` })
    .from(a)
    .where(condition)
    .limit(WORK_ENTRY_COUNT_CAP + 1)
    .as('limited');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(limited);
  const n = row?.n ?? 0;
  return n > WORK_ENTRY_COUNT_CAP
    ? { total: WORK_ENTRY_COUNT_CAP, capped: true }
    : { total: n, capped: false };
}

export async function countAll(db: Db, condition: SQL): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(a).where(condition);
  return row?.n ?? 0;
}

export async function findArchived(db: Db, siteId: string, id: number): Promise<ArchivedRow | undefined> {
  const [row] = await db
    .select(columns)
    .from(a)
    .where(and(eq(a.siteId, siteId), eq(a.id, id)))
    .limit(1);
  return row;
}

export type ArchivedPhotoRow = typeof pa.$inferSelect;

export function archivedPhotosOf(db: Db, siteId: string, entryIds: number[]): Promise<ArchivedPhotoRow[]> {
  if (entryIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(pa)
    .where(and(eq(pa.siteId, siteId), inArray(pa.workEntryId, entryIds)))
    .orderBy(asc(pa.id));
}

/** A photo by id alone: its signed link already proves which photo. */
export async function archivedPhotoById(db: Db, id: number): Promise<ArchivedPhotoRow | undefined> {
  const [row] = await db.select().from(pa).where(eq(pa.id, id)).limit(1);
  return row;
}
