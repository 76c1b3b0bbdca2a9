/**
 * Keyset paging of work entries: each sort is the key of one index ((site_id, key…, id), scanned
 * forwards for asc and backwards for desc), so any page costs the same as the first, whatever
 * its depth. A cursor carries the last row's key values as text (PostgreSQL's own rendering,
 * which casts back exactly, microseconds included) and names its sort, so it cannot be replayed
 * under another one.
 *
 * Few matches: when the filters match only a few rows (the first page counted them), walking a
 * sort index for them is the wrong plan (with none at all, it reads the whole index), yet the
 * planner, misjudging how the filters combine, can choose it. Then the keys are written so that no
 * index matches them (`key || ''`, `key + 0`): the planner fetches the few matches by their
 * filters' indexes and sorts them. Same order, same rows; the cursor remembers the choice.
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
  /** The filters match few rows: sort them rather than walk an index (see above). */
  few?: boolean;
  /** The one status the filters allow, if they name one (a status sort's cursor: see afterCursor). */
  status?: string;
}

/** The key expressions of a keyset, the id last; unindexable but equal when `few`. */
function keyExprs({ sort, few }: Keyset): SQL[] {
  const { exprs, types } = SORT_KEYS[sort];
  const all = [...exprs, sql`${w.id}`];
  if (!few) return all;
  const kinds: KeyType[] = [...types, 'int'];
  return all.map((e, i) =>
    kinds[i] === 'text'
      ? sql`(${e} || '')`
      : kinds[i] === 'int'
        ? sql`(${e} + 0)`
        : sql`(${e} + interval '0')`,
  );
}

/**
 * A set of matches read once with their keys (work-entries-list.ts): the sort's key expressions to
 * select, named k0 (and k1), and the order over those names and the id.
 */
export function namedKeys({ sort, order }: Keyset): { select: SQL; orderBy: SQL } {
  const dir = order === 'asc' ? sql`asc` : sql`desc`;
  const names = SORT_KEYS[sort].exprs.map((_, i) => sql.identifier(`k${i}`));
  return {
    select: sql.join(
      SORT_KEYS[sort].exprs.map((e, i) => sql`${e} as ${names[i]}`),
      sql`, `,
    ),
    orderBy: sql.join(
      [...names, sql.identifier('id')].map((n) => sql`${n} ${dir}`),
      sql`, `,
    ),
  };
}

/** The key values to select with each row, as text (k1 is null for a one-column key). */
export function keyColumns(sort: WorkEntrySort) {
  const [a, b] = SORT_KEYS[sort].exprs;
  return {
    k0: sql<string>`(${a})::text`,
    k1: b ? sql<string | null>`(${b})::text` : sql<string | null>`null`,
  };
}

export function orderBy(keyset: Keyset): SQL[] {
  const dir = keyset.order === 'asc' ? sql`asc` : sql`desc`;
  return keyExprs(keyset).map((e) => sql`${e} ${dir}`);
}

const TIMESTAMP_PARTS =
  /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(?:\.\d{1,6})?[+-](\d{2})(?::\d{2}){0,2}$/;

/**
 * A cursor's time is PostgreSQL's rendering of a real instant: the shape alone would let
 * "2026-99-99 99:99:99+00" through to a cast PostgreSQL refuses (a 500 instead of a 400).
 */
export function isTimestampText(v: string): boolean {
  if (v === 'infinity') return true;
  const m = TIMESTAMP_PARTS.exec(v);
  if (!m) return false;
  const [y, mo, d, h, mi, s, oh] = [m[1], m[2], m[3], m[4], m[5], m[6], m[7]].map(Number);
  const date = new Date(Date.UTC(y, mo - 1, d));
  return (
    date.getUTCFullYear() === y &&
    date.getUTCMonth() === mo - 1 &&
    date.getUTCDate() === d &&
    h < 24 &&
    mi < 60 &&
    s < 60 &&
    oh <= 15
  );
}

/** The cursor after a row: its sort, order, few-matches mode, key values and id. */
export function encodeCursor(keyset: Keyset, row: { id: number; k0: string; k1: string | null }): string {
  const values = SORT_KEYS[keyset.sort].exprs.length === 2 ? [row.k0, row.k1] : [row.k0];
  return Buffer.from(
    JSON.stringify([keyset.sort, keyset.order, keyset.few ? 1 : 0, ...values, row.id]),
  ).toString('base64url');
}

/**
 * The keyset a cursor continues (its few-matches mode) and the condition "after the cursor", or
 * undefined for a cursor that is not one of ours for this sort and order: the caller answers 400.
 */
export function afterCursor(
  keyset: Keyset,
  cursor: string,
):
  | {
      keyset: Keyset;
      after: SQL;
      /** "After the cursor" written for either plan (the same rows): its walk's keys or its sort's. */
      afterIn: (form: Keyset) => SQL;
      /** The cursor's key values (cast to their types) and id. */
      last: { keys: SQL[]; id: number };
    }
  | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  const key = SORT_KEYS[keyset.sort];
  if (!Array.isArray(parsed) || parsed.length !== key.exprs.length + 4) return undefined;
  const [sort, order, few, ...rest] = parsed as unknown[];
  if (sort !== keyset.sort || order !== keyset.order || (few !== 0 && few !== 1)) return undefined;
  const id = rest.pop();
  if (!Number.isInteger(id) || (id as number) < 1 || (id as number) > 2147483647) return undefined;
  const values: SQL[] = [];
  for (const [i, type] of key.types.entries()) {
    const v = rest[i];
    if (typeof v !== 'string' || v.length > 500) return undefined;
    if (type === 'timestamptz') {
      if (!isTimestampText(v)) return undefined;
      values.push(sql`${v}::timestamptz`);
    } else if (type === 'int') {
      if (!/^-?\d{1,10}$/.test(v) || Math.abs(Number(v)) > 2147483647) return undefined;
      values.push(sql`${Number(v)}::int`);
    } else {
      values.push(sql`${v}::text`);
    }
  }
  const continued = { ...keyset, few: few === 1 };
  // A status sort whose filters allow only the cursor's status: every row has it, so "after" is
  // the rest of the key. Written whole, beside the filter's `status = …`, PostgreSQL starts the
  // status index's scan at the status's first entry and reads every one before the cursor (a deep
  // page of completed entries: 35 ms of its 45); without the status it starts at the cursor.
  const skip = keyset.sort === 'status' && keyset.status !== undefined && rest[0] === keyset.status ? 1 : 0;
  const right = sql.join([...values.slice(skip), sql`${id as number}::int`], sql`, `);
  const afterIn = (form: Keyset) => {
    const left = sql.join(keyExprs(form).slice(skip), sql`, `);
    return keyset.order === 'asc' ? sql`(${left}) > (${right})` : sql`(${left}) < (${right})`;
  };
  return { keyset: continued, after: afterIn(continued), afterIn, last: { keys: values, id: id as number } };
}
