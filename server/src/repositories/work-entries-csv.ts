/**
 * The CSV export's batches, written by PostgreSQL itself: each keyset page of rows comes back as
 * one text of CSV lines plus the last row's key, so the server handles one string per thousand
 * rows instead of a thousand row objects (this is what keeps a million-row export fast and its
 * memory flat). Text cells follow the one CSV cell rule (lib/csv.ts).
 */
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { users, workEntries as w } from '../db/schema/index.ts';
import { csvTextSql as textCell } from '../lib/csv.ts';
import { InvalidCursor } from './work-entries.ts';
import { afterCursor, encodeCursor, type Keyset, keyColumns, orderBy } from './work-entries-keyset.ts';

export const CSV_COLUMNS = [
  'id',
  'first_name',
  'last_name',
  'position_name',
  'task_name',
  'status',
  'started_at',
  'completed_at',
  'duration_minutes',
  'notes',
  'nfc_tag_id',
  'latitude',
  'longitude',
  'distance_meters',
  'created_at',
] as const;

const numberCell = (value: unknown) => sql`coalesce((${value})::text, '')`;
/** As JavaScript's toISOString(): UTC, milliseconds, Z. */
const timeCell = (value: unknown) =>
  sql`coalesce(to_char((${value}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), '')`;

const LINE = sql.join(
  [
    numberCell(w.id),
    textCell(users.firstName),
    textCell(users.lastName),
    textCell(w.positionName),
    textCell(w.taskName),
    // A status is one of five words: never quoted.
    sql`${w.status}`,
    timeCell(w.startedAt),
    timeCell(w.completedAt),
    numberCell(w.durationMinutes),
    textCell(w.notes),
    textCell(w.nfcTagId),
    numberCell(w.latitude),
    numberCell(w.longitude),
    numberCell(w.distanceMeters),
    timeCell(w.createdAt),
  ],
  sql` || ',' || `,
);

/** One batch of CSV lines in the keyset's order after `cursor`, and the cursor after it (null at the end). */
export async function csvBatch(
  db: Db,
  condition: SQL,
  keyset: Keyset,
  limit: number,
  cursor?: string,
): Promise<{ csv: string; rows: number; nextCursor: string | null }> {
  const continued = cursor === undefined ? { keyset, after: undefined } : afterCursor(keyset, cursor);
  if (!continued) throw new InvalidCursor();
  const order = sql.join(orderBy(continued.keyset), sql`, `);
  const { k0, k1 } = keyColumns(keyset.sort);
  const page = db
    .select({
      n: sql<number>`row_number() over (order by ${order})`.as('n'),
      line: sql<string>`${LINE} || chr(13) || chr(10)`.as('line'),
      k0: sql<string>`${k0}`.as('k0'),
      k1: sql<string | null>`${k1}`.as('k1'),
      id: sql<number>`${w.id}`.as('row_id'),
    })
    .from(w)
    .innerJoin(users, eq(users.id, w.userId))
    .where(and(condition, continued.after))
    .orderBy(sql`${order}`)
    .limit(limit)
    .as('page');
  const [batch] = await db
    .select({
      csv: sql<string>`coalesce(string_agg(${page.line}, '' order by ${page.n}), '')`,
      rows: sql<number>`count(*)::int`,
      k0: sql<string | null>`(array_agg(${page.k0} order by ${page.n} desc))[1]`,
      k1: sql<string | null>`(array_agg(${page.k1} order by ${page.n} desc))[1]`,
      id: sql<number | null>`(array_agg(${page.id} order by ${page.n} desc))[1]`,
    })
    .from(page);
  const full = batch.rows === limit && batch.id !== null;
  return {
    csv: batch.csv,
    rows: batch.rows,
    nextCursor: full
      ? encodeCursor(continued.keyset, { id: batch.id as number, k0: batch.k0 as string, k1: batch.k1 })
      : null,
  };
}
