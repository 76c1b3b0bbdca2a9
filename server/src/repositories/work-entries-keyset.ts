/**
 * Keyset paging of work entries: each sort is the key of one index ((site_id, key…, id), scanned
 * forwards for asc and backwards for desc), so any page costs the same as the first, whatever
 * its depth. A cursor carries the last row's key values as text (PostgreSQL's own rendering,
 * which casts back exactly, microseconds included) and names its sort, so it cannot be replayed
 * under another one.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { WorkEntrySort } from '#domain/work-entries.ts';
import { workEntries as w } from '../db/schema/index.ts';

type KeyType = 'timestamptz' | 'text' | 'int';

interface SortKey {
  exprs: SQL[];
  types: KeyType[];
}

/** Each sort's key, in its index's column order (after site_id); the id always ends it. */
const SORT_KEYS: Record<WorkEntrySort, SortKey> = {
  created: { exprs: [sql`${w.createdAt}`], types: ['timestamptz'] },
  completed: {
    exprs: [sql`coalesce(${w.completedAt}, 'infinity'::timestamptz)`],
    types: ['timestamptz'],
  },
  status: { exprs: [sql`${w.status}`, sql`${w.createdAt}`], types: ['text', 'timestamptz'] },
  worker: { exprs: [sql`${w.workerName}`], types: ['text'] },
  position: { exprs: [sql`${w.positionName}`], types: ['text'] },
  task: { exprs: [sql`coalesce(${w.taskName}, '')`], types: ['text'] },
  duration: { exprs: [sql`coalesce(${w.durationMinutes}, -1)`], types: ['int'] },
};

export interface Keyset {
  sort: WorkEntrySort;
  order: 'asc' | 'desc';
}

/** The key values to select with each row, as text (k1 is null for a one-column key). */
export function keyColumns(sort: WorkEntrySort) {
  const [a, b] = SORT_KEYS[sort].exprs;
  return {
    k0: sql<string>`(${a})::text`,
    k1: b ? sql<string | null>`(${b})::text` : sql<string | null>`null`,
  };
}

export function orderBy({ sort, order }: Keyset): SQL[] {
  const dir = order === 'asc' ? sql`asc` : sql`desc`;
  return [...SORT_KEYS[sort].exprs, sql`${w.id}`].map((e) => sql`${e} ${dir}`);
}

const TIMESTAMP_TEXT = /^(infinity|\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2}){0,2})$/;

/** The cursor after a row: its sort, order, key values and id. */
export function encodeCursor(keyset: Keyset, row: { id: number; k0: string; k1: string | null }): string {
  const values = SORT_KEYS[keyset.sort].exprs.length === 2 ? [row.k0, row.k1] : [row.k0];
  return Buffer.from(JSON.stringify([keyset.sort, keyset.order, ...values, row.id])).toString('base64url');
}

/**
 * The condition "after the cursor" in the page's order, or undefined for a cursor that is not
 * one of ours (for this sort and order): the caller answers 400 on `cursor`.
 */
export function afterCursor(keyset: Keyset, cursor: string): SQL | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  const key = SORT_KEYS[keyset.sort];
  if (!Array.isArray(parsed) || parsed.length !== key.exprs.length + 3) return undefined;
  const [sort, order, ...rest] = parsed as unknown[];
  if (sort !== keyset.sort || order !== keyset.order) return undefined;
  const id = rest.pop();
  if (!Number.isInteger(id) || (id as number) < 1 || (id as number) > 2147483647) return undefined;
  const values: SQL[] = [];
  for (const [i, type] of key.types.entries()) {
    const v = rest[i];
    if (typeof v !== 'string' || v.length > 500) return undefined;
    if (type === 'timestamptz') {
      if (!TIMESTAMP_TEXT.test(v)) return undefined;
      values.push(sql`${v}::timestamptz`);
    } else if (type === 'int') {
      if (!/^-?\d{1,10}$/.test(v) || Math.abs(Number(v)) > 2147483647) return undefined;
      values.push(sql`${Number(v)}::int`);
    } else {
      values.push(sql`${v}::text`);
    }
  }
  const left = sql.join([...key.exprs, sql`${w.id}`], sql`, `);
  const right = sql.join([...values, sql`${id as number}::int`], sql`, `);
  return order === 'asc' ? sql`(${left}) > (${right})` : sql`(${left}) < (${right})`;
}
