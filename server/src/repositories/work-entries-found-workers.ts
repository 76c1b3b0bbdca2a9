/**
 * A search that finds workers by name, sorted by worker, past the few-matches line: its page is
 * read as each found worker's own range of the worker index, not as a walk of that index.
 *
 * The worker sort's key is the worker's name, so the found workers' entries sit together in the
 * index, each name in one range, and a walk from either end passes every entry of the workers
 * ordered before them first (100,000 rows for a last name four of forty workers share, with each
 * row's notes matched on the way: 0.2–0.4 s). Here the found names are read from the users table
 * (few; the name the trigger copies onto their entries, migration 0004, in the same snapshot), and
 * each name's range of the worker index (the status's, given a status) is read after the cursor
 * in the page's order, the page's size and one, so nothing of another worker is passed. The rest
 * of the search (the found positions' and tasks' entries, and the notes' matches) of the other
 * workers is read beside it as any search is: counted up to the few-matches line and sorted when
 * fewer (the rows its indexes find), else walked. The page is those rows merged in the sort's
 * order. Same rows, same order as the walk; the cursor is the walk's (not few), so each later page
 * reads the ranges again from where it ended. Within a rare status it takes the place of the
 * walk-or-sort choice (work-entries-list.ts): the status's worker index has the same ranges.
 */
import { and, eq, inArray, not, type SQL, sql } from 'drizzle-orm';
import type { WorkEntrySort } from '#domain/work-entries.ts';
import type { Db } from '../db/client.ts';
import { users, workEntries as w } from '../db/schema/index.ts';
import type { EntryFilter, EntryListRow, SearchFound } from './work-entries.ts';
import { filterParts, searchArms, selectEntries, workEntryRows } from './work-entries.ts';
import { encodeCursor, type Keyset, orderBy } from './work-entries-keyset.ts';

/**
 * Whether a page of this sort reads the found workers' ranges (a worker sort of a search that found workers).
 */
export const readsFoundWorkers = (sort: WorkEntrySort, found: Pick<SearchFound, 'userIds'> | undefined) =>
  sort === 'worker' && (found?.userIds.length ?? 0) > 0;

/** Where a later page starts (work-entries-keyset.ts afterCursor). */
export interface After {
  afterIn: (form: Keyset) => SQL;
  last: { keys: SQL[]; id: number };
}

/**
 * The ids of the page's rows and the one after it (limit + 1), in the keyset's order after the
 * cursor: the found workers' ranges and the rest of the search, merged. `few` is the row count
 * the rest is sorted below.
 */
export function foundWorkersPageIds(
  siteId: string,
  filter: EntryFilter,
  found: SearchFound,
  keyset: Keyset,
  limit: number,
  cursor: After | undefined,
  few: number,
): SQL {
  const after = cursor?.afterIn;
  const { byWorker, rest } = searchArms(found);
  const base = and(...filterParts(w, filter)) as SQL | undefined;
  const walk = { ...keyset, few: false };
  const dir = keyset.order === 'asc' ? sql`asc` : sql`desc`;
  // Only the found workers the filters let through (a worker's own list, a worker filter): the
  // range of one they exclude would be read to its end for nothing.
  const ids = found.userIds.filter((id) =>
    [filter.ownerId, filter.userId].every((only) => only === undefined || only === id),
  );
  const parts: SQL[] = [];
  if (ids.length) {
    const name = sql`${users.firstName} || ' ' || ${users.lastName}`;
    const [lastName] = cursor?.last.keys ?? [];
    const asc = keyset.order === 'asc';
    const names = sql`select distinct ${name} as name from ${users} where ${and(
      eq(users.siteId, siteId),
      inArray(users.id, ids),
      // After a cursor: the names from its own on.
      lastName && (asc ? sql`${name} >= ${lastName}` : sql`${name} <= ${lastName}`),
    )}`;
    // After a cursor, its own name's range from its id on, the later names' whole: each an index
    // range's bounds (a row comparison beside the name's equality would not bound the scan).
    const fromId = cursor
      ? asc
        ? sql`${w.id} > (case when found.name = ${lastName} then ${cursor.last.id} else 0 end)::bigint`
        : sql`${w.id} < (case when found.name = ${lastName} then ${cursor.last.id} else 2147483648 end)::bigint`
      : undefined;
    // One name's range of the worker index (or its status's): equal name, so ordered by id alone.
    parts.push(
      sql`select e.id, e.k from (${names}) as found cross join lateral (select ${w.id} as id, ${
        w.workerName
      } as k from ${w} where ${workEntryRows.where(
        siteId,
        base,
        sql`${w.workerName} = found.name`,
        inArray(w.userId, ids),
        fromId,
      )} order by ${sql.join(orderBy(walk), sql`, `)} limit ${limit + 1}) as e`,
    );
  }
  // The rest of the search among the other workers' entries (disjoint from the ranges), sorted
  // when its matches after the cursor are fewer than `few`, else walked.
  const others = (form: Keyset) =>
    workEntryRows.where(siteId, base, rest, not(byWorker as SQL), after?.(form));
  // Each branch a lateral of a materialized row whose value its WHERE reads: a value from outside
  // that parallel workers cannot be given, so its few rows are read in this process (two workers'
  // start cost 150–200 ms on a busy machine for a branch that found nothing), and its gate, a
  // one-time filter, keeps the branch the count did not choose from starting.
  const restOf = (form: Keyset, gate: SQL) =>
    sql`select ${w.id} as id, ${w.workerName} as k from ${w} where ${and(others(form), gate)} order by ${sql.join(
      orderBy(form),
      sql`, `,
    )} limit ${limit + 1}`;
  const sortedForm = { ...keyset, few: true };
  if (rest) {
    parts.push(
      sql`select s.id, s.k from rest_n cross join lateral (${restOf(sortedForm, sql`rest_n.n < ${few}`)}) as s`,
      sql`select r.id, r.k from rest_n cross join lateral (${restOf(walk, sql`rest_n.n >= ${few}`)}) as r`,
    );
  }
  const merged = parts.length ? sql.join(parts, sql` union all `) : sql`select 0 as id, '' as k where false`;
  const counted = rest
    ? sql`with serial as materialized (select ${few}::int as few),
    rest_n as materialized (select count(*)::int as n from serial cross join lateral (select 1 from ${w} where ${and(
      others(sortedForm),
      sql`serial.few > 0`,
    )} limit ${few}) as limited) `
    : sql``;
  return sql`${counted}select m.id from (${merged}) as m order by m.k ${dir}, m.id ${dir} limit ${limit + 1}`;
}

/** A later page: the rows of those ids, few, sorted; its cursor the walk's. */
export async function pageOfFoundWorkers(
  db: Db,
  siteId: string,
  filter: EntryFilter,
  found: SearchFound,
  keyset: Keyset,
  limit: number,
  cursor: After,
  few: number,
): Promise<{ rows: EntryListRow[]; nextCursor: string | null }> {
  const ids = foundWorkersPageIds(siteId, filter, found, keyset, limit, cursor, few);
  const rows = await selectEntries(db, keyset.sort, workEntryRows.where(siteId, sql`${w.id} in (${ids})`))
    .orderBy(...orderBy({ ...keyset, few: true }))
    .limit(limit + 1);
  const more = rows.length > limit;
  const page = more ? rows.slice(0, limit) : rows;
  const last = page.at(-1);
  return { rows: page, nextCursor: more && last ? encodeCursor({ ...keyset, few: false }, last) : null };
}
