/**
 * Positions table access, always within one site; rows leave as the API's Position (snake_case,
 * coordinates nested or null).
 */
import { and, asc, desc, eq, ilike, inArray, ne, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { PgliteDatabase } from 'drizzle-orm/pglite';
import type { Db } from '../db/client.ts';
import { positions, positionTaskAssignments, taskInstances, workEntries } from '../db/schema/index.ts';
import { rowMapper } from '../lib/api-row.ts';
import { ReadCache, readSnapshot, underSnapshot, type Version } from '../lib/read-cache.ts';
import { type ApiPosition, Position } from '../schemas/position.ts';
import { siteScoped } from './site-scoped.ts';

export type PositionRow = typeof positions.$inferSelect;
export type NewPosition = Omit<typeof positions.$inferInsert, 'siteId' | 'id'>;

/** find, insert, update and remove by id, always within the site. */
export const positionRows = siteScoped(positions);

const mapPosition = rowMapper(Position);

/** Coordinates are both or neither (the table's check), nested as the API has them. */
export const toApiPosition = (row: PositionRow): ApiPosition =>
  mapPosition({
    ...row,
    coordinates:
      row.latitude === null || row.longitude === null
        ? null
        : { latitude: row.latitude, longitude: row.longitude },
  });

export interface ListOptions {
  includeInactive: boolean;
  /** Text within the code, name or NFC tag id, any case. */
  search?: string;
  sort: keyof typeof SORT_COLUMNS;
  order: 'asc' | 'desc';
  /** A page; without it, every matching position. */
  limit?: number;
  offset: number;
}

const SORT_COLUMNS = {
  position_code: positions.positionCode,
  position_name: positions.positionName,
  description: positions.description,
  location_details: positions.locationDetails,
  nfc_tag_id: positions.nfcTagId,
  created_at: positions.createdAt,
  is_active: positions.isActive,
} as const;

/** LIKE's own wildcards in the search text match themselves. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function matching(siteId: string, options: ListOptions) {
  return positionRows.where(
    siteId,
    options.includeInactive ? undefined : eq(positions.isActive, true),
    options.search
      ? or(
          ilike(positions.positionCode, likePattern(options.search)),
          ilike(positions.positionName, likePattern(options.search)),
          ilike(positions.nfcTagId, likePattern(options.search)),
        )
      : undefined,
  );
}

/** Times as `Date.prototype.toISOString` writes them: UTC, milliseconds cut (not rounded) like Date's. */
const isoTime = (column: AnyPgColumn) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * A row's API fields as one JSON array built by PostgreSQL: one text column a row comes out of
 * PGlite about three times cheaper than twelve typed ones (5,000 rows: 107 → 44 ms of CPU, the
 * parse included), and the values are exactly what toApiPosition would give (numbers as shortest
 * round-trip text, times above), so the body JSON.stringify writes is the same.
 */
const packedRow = sql<string>`json_build_array(${positions.id}, ${positions.positionCode}, ${positions.positionName},
  ${positions.description}, ${positions.locationDetails}, ${positions.nfcTagId}, ${positions.latitude},
  ${positions.longitude}, ${positions.isActive}, ${isoTime(positions.createdAt)}, ${isoTime(positions.updatedAt)})::text`;

type Packed = [
  number,
  string,
  string,
  string | null,
  string | null,
  string | null,
  number | null,
  number | null,
  boolean,
  string,
  string,
];

function unpack(text: string): ApiPosition {
  const [id, code, name, description, location, nfc, latitude, longitude, active, created, updated] =
    JSON.parse(text) as Packed;
  return {
    id,
    position_code: code,
    position_name: name,
    description,
    location_details: location,
    nfc_tag_id: nfc,
    coordinates: latitude === null || longitude === null ? null : { latitude, longitude },
    is_active: active,
    created_at: created,
    updated_at: updated,
  };
}

/**
 * One page of the site's positions (or all of them), sorted, as the API writes them; active ones
 * only unless asked.
 */
export async function listApiPositions(db: Db, siteId: string, options: ListOptions): Promise<ApiPosition[]> {
  const direction = options.order === 'desc' ? desc : asc;
  const query = db
    .select({ packed: packedRow })
    .from(positions)
    .where(matching(siteId, options))
    .orderBy(direction(SORT_COLUMNS[options.sort]), direction(positions.id));
  const rows = await (options.limit === undefined
    ? query
    : query.limit(options.limit).offset(options.offset));
  return rows.map((row) => unpack(row.packed));
}

/** How many of the site's positions match the filters (paging aside). */
export async function countPositions(db: Db, siteId: string, options: ListOptions): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(positions)
    .where(matching(siteId, options));
  return row.total;
}

/**
 * GET /positions at 1,000 req/s (README, Benchmarks): on PGlite a page of 50 of 5,000 cost about
 * 5 ms of CPU (its count alone 3 ms: PGlite reads every matching row to count them) and the whole
 * list about 100 ms (reading 5,000 rows out of PGlite), so the answers are cached under the database
 * snapshot (lib/read-cache.ts): never served after a committed change by anyone. Bodies per
 * site and query, least recently used out; totals per site and filter, so paging through one list
 * counts it once.
 */
const bodyCache = new ReadCache<Buffer>({ ...underSnapshot, maxEntries: 512, maxWeight: 64 * 1024 * 1024 });
const totalCache = new ReadCache<number>({ ...underSnapshot, maxEntries: 1024 });

/**
 * PGlite never runs ANALYZE (no autovacuum), and without statistics the planner took a page of 50
 * for a read of every row plus a top-N sort instead of an index scan (7 ms against 0.2 ms for 5,000
 * positions). So positions are analyzed on a list that misses the cache, at most every ten minutes
 * (one ANALYZE of 5,000 rows costs 16 ms on a quiet machine), and after an import. PostgreSQL's autovacuum
 * does this itself.
 */
const ANALYZE_EVERY_MS = 10 * 60_000;
const analyzedAt = new WeakMap<Db, number>();

export async function analyzePositions(db: Db, force = false): Promise<void> {
  if (!((db as unknown) instanceof PgliteDatabase)) return;
  const last = analyzedAt.get(db);
  if (!force && last !== undefined && Date.now() - last < ANALYZE_EVERY_MS) return;
  analyzedAt.set(db, Date.now());
  // Statistics only make plans better: a list is never refused for want of them.
  await db.execute(sql`analyze positions`).catch(() => undefined);
}

/** The total of a page's filters: known from a short page, else counted (once per snapshot). */
async function totalOf(db: Db, snapshot: Version | null, siteId: string, options: ListOptions, rows: number) {
  const { limit, offset } = options;
  if (limit === undefined || (rows < limit && (rows > 0 || offset === 0))) return offset + rows;
  const key = JSON.stringify([siteId, options.includeInactive, options.search ?? null]);
  return totalCache.get(db, key, snapshot, () => countPositions(db, siteId, options));
}

/**
 * The `{ positions, total }` body of GET /positions for a site, as UTF-8 JSON: one page of the
 * matching positions (or all of them) and how many match. Bytes, not text, so a cached answer is
 * sent as it is, not encoded again each time (the whole list is 1.6 MB).
 */
export async function listPositionsJson(db: Db, siteId: string, options: ListOptions): Promise<Buffer> {
  const snapshot = await readSnapshot(db);
  const { includeInactive, search, sort, order, limit, offset } = options;
  const key = JSON.stringify([siteId, includeInactive, search ?? null, sort, order, limit ?? null, offset]);
  return bodyCache.get(db, key, snapshot, async () => {
    await analyzePositions(db);
    const rows = await listApiPositions(db, siteId, options);
    const total = await totalOf(db, snapshot, siteId, options, rows.length);
    // Exactly the schema's fields in its order: what the serializer would write.
    return Buffer.from(JSON.stringify({ positions: rows, total }));
  });
}

/** Every position of the site, inactive ones too (the CSV import matches rows against them). */
export function allPositions(db: Db, siteId: string): Promise<PositionRow[]> {
  return db.select().from(positions).where(positionRows.where(siteId));
}

/** The given positions of the site (ids of other sites are simply absent). */
export function findPositions(db: Db, siteId: string, ids: number[]): Promise<PositionRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(positions)
    .where(positionRows.where(siteId, inArray(positions.id, ids)));
}

async function taken(db: Db, siteId: string, condition: ReturnType<typeof eq>, exceptId?: number) {
  const [row] = await db
    .select({ id: positions.id })
    .from(positions)
    .where(
      positionRows.where(siteId, condition, exceptId === undefined ? undefined : ne(positions.id, exceptId)),
    )
    .limit(1);
  return row !== undefined;
}

export const codeTaken = (db: Db, siteId: string, code: string, exceptId?: number) =>
  taken(db, siteId, eq(positions.positionCode, code), exceptId);

export const nfcTaken = (db: Db, siteId: string, nfcTagId: string, exceptId?: number) =>
  taken(db, siteId, eq(positions.nfcTagId, nfcTagId), exceptId);

/**
 * Does anything record work at the position: work entries, task instances or task assignments?
 * Such a position is deactivated rather than deleted, so history keeps its place.
 */
export async function hasHistory(db: Db, siteId: string, positionId: number): Promise<boolean> {
  const probes = [
    db
      .select({ one: workEntries.id })
      .from(workEntries)
      .where(and(eq(workEntries.siteId, siteId), eq(workEntries.positionId, positionId)))
      .limit(1),
    db
      .select({ one: taskInstances.id })
      .from(taskInstances)
      .where(and(eq(taskInstances.siteId, siteId), eq(taskInstances.positionId, positionId)))
      .limit(1),
    db
      .select({ one: positionTaskAssignments.taskId })
      .from(positionTaskAssignments)
      .where(
        and(eq(positionTaskAssignments.siteId, siteId), eq(positionTaskAssignments.positionId, positionId)),
      )
      .limit(1),
  ];
  for (const probe of probes) if ((await probe).length > 0) return true;
  return false;
}

/** Rows per INSERT of an import: well under PostgreSQL's 65,535 bind parameters. */
const INSERT_CHUNK = 500;

/** Inserts the rows in chunks; the new ids, in order. */
export async function insertPositions(db: Db, siteId: string, values: NewPosition[]): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < values.length; i += INSERT_CHUNK) {
    const made = await db
      .insert(positions)
      .values(values.slice(i, i + INSERT_CHUNK).map((v) => ({ ...v, siteId })))
      .returning({ id: positions.id });
    ids.push(...made.map((r) => r.id));
  }
  return ids;
}

/** Frees the NFC ids of positions an import is about to re-tag, so two may swap tags. */
export async function clearNfcTags(db: Db, siteId: string, ids: number[]): Promise<void> {
  for (let i = 0; i < ids.length; i += INSERT_CHUNK) {
    await db
      .update(positions)
      .set({ nfcTagId: null })
      .where(positionRows.where(siteId, inArray(positions.id, ids.slice(i, i + INSERT_CHUNK))));
  }
}
