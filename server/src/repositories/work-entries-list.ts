/**
 * A page of the work entry list in one statement: the rows, and on a first page the matches
 * counted up to the cap (or the site's exact total for its unfiltered list) with the site's entry
 * version, so a request goes to the database once.
 *
 * The count chooses the plan (work-entries-keyset.ts, "few matches"), inside the statement: it is
 * computed once (a CTE read by both branches), and of the two branches, the few-matches sort and
 * the index walk, only the one its gate allows runs (a gate is a one-time filter). Later pages take
 * their plan from the cursor.
 *
 * A first page's count is kept per site and exact condition (its SQL and values: the filters, the
 * caller's scope, the search's id lists and the days' bounds) with the site's entry version and its
 * count of changes but inserts (work_entry_site_totals, migrations 0009 and 0011) read in the same
 * statement (lib/read-cache.ts). The statement is given the kept count and uses it while the version
 * holds, or, for a count past the cap, while only entries were added (new entries only add
 * matches); otherwise it counts afresh. A busy site adds entries all day: its broad views read
 * their page and no count.
 */
import { and, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { WORK_ENTRY_COUNT_CAP, type WorkEntrySort } from '#domain/work-entries.ts';
import type { Db } from '../db/client.ts';
import { workEntries as w } from '../db/schema/index.ts';
import { ReadCache } from '../lib/read-cache.ts';
import type { EntryFilter, EntryListRow } from './work-entries.ts';
import {
  filterCondition,
  InvalidCursor,
  pageAfter,
  selectEntries,
  siteCounter,
  siteEntryVersion,
} from './work-entries.ts';
import { afterCursor, encodeCursor, orderBy } from './work-entries-keyset.ts';

/** Below this many matches a page sorts the matches rather than walk a sort index. */
export const FEW_MATCHES = WORK_ENTRY_COUNT_CAP;

export interface ListQuery {
  sort: WorkEntrySort;
  order: 'asc' | 'desc';
  limit: number;
  cursor?: string;
  /** The site's whole list (no filter, every worker's): its exact total, kept by the triggers. */
  siteTotal: boolean;
}

export interface ListPage {
  rows: EntryListRow[];
  nextCursor: string | null;
  /** On a first page; null on later ones. */
  count: { total: number; capped: boolean } | null;
}

/** A count as read: matches up to cap + 1, with the site's counters it was read at. */
interface KeptCount {
  matches: number;
  reshaped: number;
}

const counts = new ReadCache<KeptCount>({ maxEntries: 2_000 });
const dialect = new PgDialect();

function countKey(siteId: string, condition: SQL) {
  const { sql: text, params } = dialect.sqlToQuery(condition);
  return `${siteId}\u0000${text}\u0000${JSON.stringify(params)}`;
}

/** Matches of the condition up to the cap and one more (so "more than the cap" shows). */
const countUpToCap = (db: Db, condition: SQL) =>
  sql`(select count(*)::int from (${db
    .select({ one: sql`1` })
    .from(w)
    .where(condition)
    .limit(WORK_ENTRY_COUNT_CAP + 1)}) as limited)`;

/**
 * First pages as read, per site, the filter as asked (the caller's scope, the search's text, the
 * days and their time zone), sort, order and limit, under the site's entry version (which also
 * moves with what a page shows or matches beyond the entries' columns: photos, names, codes, the
 * site's settings, migration 0010): a view many people open or refresh costs one statement that
 * reads no entry while nothing changed (PGlite could not serve the filters at 300 req/s without
 * it: README, Benchmarks). Rows are kept, not answers: photo links are signed for each answer.
 */
const firstPages = new ReadCache<ListPage>({ maxEntries: 256 });

export async function listEntries(
  db: Db,
  siteId: string,
  filter: EntryFilter,
  q: ListQuery,
): Promise<ListPage> {
  if (q.cursor !== undefined) {
    const condition = await filterCondition(db, siteId, filter);
    const page = await pageAfter(
      db,
      condition,
      { sort: q.sort, order: q.order, few: false },
      q.limit,
      q.cursor,
    );
    return { ...page, count: null };
  }
  const key = JSON.stringify([siteId, filter, q.sort, q.order, q.limit, q.siteTotal]);
  if (!firstPages.peek(db, key)) {
    // Nothing kept: the page's own statement reads the version it is kept under.
    const { page, version } = await firstPage(db, siteId, filter, q);
    if (version !== undefined) firstPages.set(db, key, version, page);
    return page;
  }
  // Requests that find the same version changed share one read (lib/read-cache.ts).
  return firstPages.get(
    db,
    key,
    await siteEntryVersion(db, siteId),
    async () => (await firstPage(db, siteId, filter, q)).page,
  );
}

/** A first page in one statement (after the search's name lookup), with the version it was read at. */
async function firstPage(
  db: Db,
  siteId: string,
  filter: EntryFilter,
  q: ListQuery,
): Promise<{ page: ListPage; version: number | undefined }> {
  const condition = await filterCondition(db, siteId, filter);
  const keyset = { sort: q.sort, order: q.order };
  const version = siteCounter(siteId, 'version', -1);
  const reshaped = siteCounter(siteId, 'reshaped', -1);
  const key = countKey(siteId, condition);
  const kept = q.siteTotal ? undefined : counts.peek(db, key);
  const fresh = countUpToCap(db, condition);
  // The kept count while it holds (see above), else a fresh one; the site's total for its whole list.
  const matches = q.siteTotal
    ? siteCounter(siteId, 'entries', 0)
    : kept
      ? sql`case when ${version} = ${kept.version}${
          kept.value.matches > WORK_ENTRY_COUNT_CAP ? sql` or ${reshaped} = ${kept.value.reshaped}` : sql``
        } then ${kept.value.matches}::int else ${fresh} end`
      : fresh;
  const n = db.$with('n').as(db.select({ c: sql<number>`${matches}`.as('c') }).from(sql`(select 1) as one`));
  const counted = sql<number>`(select c from n)`;
  const branch = (few: boolean) =>
    selectEntries(
      db,
      q.sort,
      // The gate: a one-time filter, so only the branch the count chose reads anything.
      and(
        condition,
        q.siteTotal ? undefined : few ? sql`${counted} < ${FEW_MATCHES}` : sql`${counted} >= ${FEW_MATCHES}`,
      ),
      true,
      {
        id: siteId,
        total: false,
      },
      { matches: sql<number>`${counted}`.mapWith(Number).as('matches') },
    )
      .orderBy(...orderBy({ ...keyset, few }))
      .limit(q.limit + 1);
  // The whole list never sorts its matches: its index walk finds a page at once.
  const statement = q.siteTotal
    ? db.with(n).select().from(branch(false).as('p'))
    : db
        .with(n)
        .select()
        .from(branch(true).unionAll(branch(false)).as('p'));
  const rows = (await statement) as (EntryListRow & { matches: number })[];
  const first = rows[0];
  const total = first ? Number(first.matches) : 0;
  if (first && !q.siteTotal)
    counts.set(db, key, Number(first.siteVersion), { matches: total, reshaped: Number(first.siteReshaped) });
  const more = rows.length > q.limit;
  const page = more ? rows.slice(0, q.limit) : rows;
  const last = page.at(-1);
  const few = !q.siteTotal && total < FEW_MATCHES;
  return {
    page: {
      rows: page,
      nextCursor: more && last ? encodeCursor({ ...keyset, few }, last) : null,
      count: q.siteTotal
        ? { total, capped: false }
        : { total: Math.min(total, WORK_ENTRY_COUNT_CAP), capped: total > WORK_ENTRY_COUNT_CAP },
    },
    // No row: no version read (nothing matches; not kept).
    version: first ? Number(first.siteVersion) : undefined,
  };
}

export { afterCursor, InvalidCursor };
