/**
 * A page of the work entry list in one statement: the rows, and on a first page the matches
 * counted up to the cap (or the site's exact total for its unfiltered list) with the site's entry
 * version, so a request goes to the database once.
 *
 * The count chooses the plan (work-entries-keyset.ts, "few matches"), inside the statement: it is
 * computed once (a CTE read by both branches), and of the two branches, the few-matches sort and
 * the index walk, only the one its gate allows runs (a gate is a one-time filter). Later pages take
 * their plan from the cursor. A worker sort of a search that found workers reads, past the cap, the
 * found workers' own ranges of the worker index (work-entries-found-workers.ts), first page or later.
 *
 * A first page's count is kept per site and exact condition (its SQL and values: the filters, the
 * caller's scope, the search's id lists and the days' bounds) with the site's entry version and its
 * count of changes but inserts (work_entry_site_totals, migrations 0009 and 0011) read in the same
 * statement (lib/read-cache.ts). The statement is given the kept count and uses it while the version
 * holds, or, for a count past the cap, while fewer entries were changed or deleted since than it
 * counted past the cap (new entries only add matches; a changed one takes at most one away);
 * otherwise it counts afresh. A busy site adds and changes entries all day: its broad views read
 * their page and no count.
 */
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { WORK_ENTRY_COUNT_CAP, type WorkEntrySort } from '#domain/work-entries.ts';
import type { Db } from '../db/client.ts';
import { workEntryHourlyCounts as hourly, workEntries as w } from '../db/schema/index.ts';
import { ReadCache } from '../lib/read-cache.ts';
import type { EntryFilter, EntryListRow } from './work-entries.ts';
import {
  filterParts,
  filterSearched,
  InvalidCursor,
  pageAfter,
  selectEntries,
  siteCounter,
  siteEntryVersion,
  workEntryRows,
} from './work-entries.ts';
import { foundWorkersPageIds, pageOfFoundWorkers, readsFoundWorkers } from './work-entries-found-workers.ts';
import { afterCursor, encodeCursor, type Keyset, namedKeys, orderBy } from './work-entries-keyset.ts';

/** Below this many matches a page sorts the matches rather than walk a sort index. */
export const FEW_MATCHES = WORK_ENTRY_COUNT_CAP;

/**
 * How many matches of a search within a rare status a page still sorts (walkOrSort). Its matches
 * are found exactly through the status's search indexes (migration 0029), so sorting a few
 * thousand costs milliseconds, while a walk of the status's sort index can pass tens of thousands
 * of the status's other entries first (2,000–4,000 failed or cancelled "moisture" entries among
 * 39,000–77,000 by duration or task: 0.2–0.4 s walked, 10–40 ms sorted).
 */
export const FEW_MATCHES_IN_RARE_STATUS = 10_000;
/**
 * A status holding less than this share of the site's entries is rare. Within a common status
 * (completed: most entries) a search's matches are many and spread, so the walk finds a page at once.
 */
export const RARE_STATUS_SHARE = 0.1;

/**
 * Each status's share of a site's entries, from the trigger-kept hourly counts, read at most once a
 * minute per site (an estimate for the plan's choice, never shown: a minute old is exact enough).
 */
const statusShares = new ReadCache<Map<string, number>>({ maxEntries: 1_000 });

async function statusShare(db: Db, siteId: string, status: string): Promise<number> {
  const shares = await statusShares.get(db, siteId, Math.floor(Date.now() / 60_000), async () => {
    const rows = await db
      .select({ status: hourly.status, n: sql<number>`sum(${hourly.entries})::float8`.mapWith(Number) })
      .from(hourly)
      .where(eq(hourly.siteId, siteId))
      .groupBy(hourly.status);
    const all = rows.reduce((sum, r) => sum + r.n, 0);
    return new Map(rows.map((r) => [r.status, all > 0 ? r.n / all : 0]));
  });
  // A status with no entries yet counts as rare: its search matches are few.
  return shares.get(status) ?? 0;
}

/** A search within a rare status: each page chooses to walk or sort (walkOrSort). */
export async function searchInRareStatus(
  db: Db,
  siteId: string,
  filter: Pick<EntryFilter, 'search' | 'status'>,
): Promise<boolean> {
  if (!filter.search || !filter.status) return false;
  return (await statusShare(db, siteId, filter.status)) < RARE_STATUS_SHARE;
}

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

/** A count as read: matches up to cap + 1 + COUNT_MARGIN, with the site's `reshaped` it was read at. */
interface KeptCount {
  matches: number;
  reshaped: number;
}

const counts = new ReadCache<KeptCount>({ maxEntries: 2_000 });
/**
 * How far past the cap a count reads: a count of m matches past the cap stays "more than the cap"
 * while fewer than m - cap entries have changed since (each change takes at most one match away:
 * the site's `reshaped` counter grows by the entries changed or deleted, migration 0032), so a
 * status change does not make every broad view count again. Reading 1,251 matches rather than
 * 1,001 costs a quarter more on a fresh count.
 */
const COUNT_MARGIN = 250;
const dialect = new PgDialect();

function countKey(siteId: string, condition: SQL) {
  const { sql: text, params } = dialect.sqlToQuery(condition);
  return `${siteId}\u0000${text}\u0000${JSON.stringify(params)}`;
}

/**
 * Matches of the condition up to `upTo` (the cap and one more, so "more than the cap" shows; or
 * a rare status's search's line, walkOrSort).
 */
const countUpTo = (db: Db, condition: SQL, upTo: number) =>
  sql`(select count(*)::int from (${db.select({ one: sql`1` }).from(w).where(condition).limit(upTo)}) as limited)`;

/**
 * A sorting branch read only when its gate holds, the gate above it. In the branch's own WHERE the
 * gate sits under the Gather that a parallel sort puts on top, so two workers were started (15 ms
 * on a busy machine) for a branch that then read nothing; above its LIMIT (which a WHERE is not
 * pushed past) a false gate never starts what is under it.
 */
function onlyIf<Q extends { as(alias: string): unknown }>(db: Db, branch: Q, gate: SQL): Q {
  const sub = branch.as('sorted') as Parameters<ReturnType<Db['select']>['from']>[0];
  return db.select().from(sub).where(gate) as unknown as Q;
}

/** How far a page of a rare status's search walks its sort index before it sorts instead. */
export const WALK_FIRST = 1_000;

/**
 * A search within a rare status, past the cap: whether its matches are spread through the sort's
 * order (a walk finds a page at once) or sit together somewhere in it (a walk passes most of the
 * status first: a task's entries by task name, a worker's by worker, a kind of work by duration)
 * shows in the walk's first stretch. So a page counts the matches among the first WALK_FIRST
 * entries of its walk (`base`: the site, the status and the other filters, in the sort index's
 * order, after the cursor), up to the page's size and one: a full page there is walked (found
 * within that stretch again). Else its matches are counted up to FEW_MATCHES_IN_RARE_STATUS, and
 * sorted when fewer (milliseconds: the status's search indexes find exactly them), walked when
 * more. Each is read only when the one before asks for it (a CASE's branch; an uncorrelated
 * subquery runs when first needed). The cursor keeps this mode, so each later page chooses again.
 */
function walkOrSort(
  db: Db,
  base: SQL,
  condition: SQL,
  keyset: Keyset,
  limit: number,
  after: ((form: Keyset) => SQL) | undefined,
  /** Only when this holds (a first page past the cap); else walked. */
  when: SQL = sql`true`,
  /** The matches counted up to FEW_MATCHES_IN_RARE_STATUS, when the caller has read them already. */
  matchesUpTo?: SQL,
) {
  const walkAfter = after?.({ ...keyset, few: false });
  const hits = sql<number>`(select count(*)::int from (select 1 from (select * from ${w} where ${and(
    base,
    walkAfter,
  )} order by ${sql.join(orderBy({ ...keyset, few: false }), sql`, `)} limit ${WALK_FIRST}) as ${w} where ${condition} limit ${limit + 1}) as hits)`;
  const h = db
    .$with('h')
    .as(
      db.select({ h: sql<number>`case when ${when} then ${hits} end`.as('h') }).from(sql`(select 1) as one`),
    );
  const sortAfter = after?.({ ...keyset, few: true });
  const m = db.$with('m').as(
    db
      .select({
        m: sql<number>`case when (select h from h) <= ${limit} then ${
          matchesUpTo ?? countUpTo(db, and(condition, sortAfter) as SQL, FEW_MATCHES_IN_RARE_STATUS)
        } end`.as('m'),
      })
      .from(sql`(select 1) as one`),
  );
  return {
    ctes: [h, m] as const,
    /** The matches are sorted. */
    sorted: sql`((select h from h) <= ${limit} and (select m from m) < ${FEW_MATCHES_IN_RARE_STATUS})`,
    /** The index is walked. */
    walked: sql`((select h from h) > ${limit} or (select m from m) >= ${FEW_MATCHES_IN_RARE_STATUS})`,
  };
}

/** The site, the status and the filters but the search: what a walk passes. */
const baseCondition = (siteId: string, filter: EntryFilter) =>
  workEntryRows.where(siteId, ...filterParts(w, filter)) as SQL;

/** A later page of a rare status's search (walkOrSort). */
async function pageWalkedOrSorted(
  db: Db,
  siteId: string,
  filter: EntryFilter,
  condition: SQL,
  keyset: Keyset,
  limit: number,
  afterIn: (form: Keyset) => SQL,
): Promise<{ rows: EntryListRow[]; nextCursor: string | null }> {
  const choice = walkOrSort(db, baseCondition(siteId, filter), condition, keyset, limit, afterIn);
  const branch = (few: boolean) =>
    selectEntries(
      db,
      keyset.sort,
      and(condition, afterIn({ ...keyset, few }), few ? choice.sorted : choice.walked),
    )
      .orderBy(...orderBy({ ...keyset, few }))
      .limit(limit + 1);
  const rows = (await db
    .with(...choice.ctes)
    .select()
    .from(onlyIf(db, branch(true), choice.sorted).unionAll(branch(false)).as('p'))) as EntryListRow[];
  const more = rows.length > limit;
  const page = more ? rows.slice(0, limit) : rows;
  const last = page.at(-1);
  return { rows: page, nextCursor: more && last ? encodeCursor({ ...keyset, few: true }, last) : null };
}

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
    const { condition, found } = await filterSearched(db, siteId, filter);
    const keyset = { sort: q.sort, order: q.order, status: filter.status };
    if (found && readsFoundWorkers(q.sort, found)) {
      const continued = afterCursor(keyset, q.cursor);
      if (!continued) throw new InvalidCursor();
      // A cursor of the walk: the found workers' ranges read on from it (few: sorted as below).
      if (!continued.keyset.few) {
        const page = await pageOfFoundWorkers(
          db,
          siteId,
          filter,
          found,
          keyset,
          q.limit,
          continued,
          FEW_MATCHES,
        );
        return { ...page, count: null };
      }
    }
    const continued = (await searchInRareStatus(db, siteId, filter)) && afterCursor(keyset, q.cursor);
    if (continued && continued.keyset.few === true) {
      const page = await pageWalkedOrSorted(
        db,
        siteId,
        filter,
        condition,
        keyset,
        q.limit,
        continued.afterIn,
      );
      return { ...page, count: null };
    }
    const page = await pageAfter(db, condition, { ...keyset, few: false }, q.limit, q.cursor);
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
  const { condition, found } = await filterSearched(db, siteId, filter);
  const keyset = { sort: q.sort, order: q.order };
  const version = siteCounter(siteId, 'version', -1);
  const reshaped = siteCounter(siteId, 'reshaped', -1);
  const key = countKey(siteId, condition);
  const kept = q.siteTotal ? undefined : counts.peek(db, key);
  const fresh = countUpTo(db, condition, WORK_ENTRY_COUNT_CAP + 1 + COUNT_MARGIN);
  // The kept count while it holds (see above), else a fresh one; the site's total for its whole list.
  const margin = kept ? kept.value.matches - (WORK_ENTRY_COUNT_CAP + 1) : -1;
  const holds = kept
    ? sql`${version} = ${kept.version}${margin >= 0 ? sql` or ${reshaped} - ${kept.value.reshaped}::bigint <= ${margin}` : sql``}`
    : sql`false`;
  const matches = q.siteTotal
    ? siteCounter(siteId, 'entries', 0)
    : kept
      ? sql`case when kept.holds then ${kept.value.matches}::int else ${fresh} end`
      : fresh;
  // The `reshaped` a count was read at: a kept one's own while it holds (its margin is spent from
  // there, whatever later pages find), else now.
  const countedAt = kept
    ? sql`case when kept.holds then ${kept.value.reshaped}::bigint else ${reshaped} end`
    : reshaped;
  const n = db
    .$with('n')
    .as(
      db
        .select({ c: sql<number>`${matches}`.as('c'), at: sql<number>`${countedAt}`.as('at') })
        .from(sql`(select ${holds} as holds) as kept`),
    );
  const counted = sql<number>`(select c from n)`;
  // A worker sort of a search that found workers, past the cap: their ranges of the worker index.
  const ranges = !q.siteTotal && found !== undefined && readsFoundWorkers(q.sort, found);
  // A rare status's search past the cap: walked or sorted as its walk's first stretch shows.
  const hybrid = !q.siteTotal && !ranges && (await searchInRareStatus(db, siteId, filter));
  // Its matches, up to the line, read once with their sort keys and only when the choice asks for
  // them: counted for the choice, then (when few enough to sort) ordered by those keys alone, so
  // only the page's rows are read in full. Reading the matches' rows to count them and again to
  // sort them was two of a "moisture" search's three passes over 4,000 failed entries (10 and
  // 23 ms of 40). Named twice below, so PostgreSQL reads it once (a CTE used twice is kept).
  const keys = hybrid ? namedKeys(keyset) : undefined;
  const matched = keys
    ? db
        .$with('mm', { id: sql<number>`id` })
        .as(
          sql`select ${w.id} as id, ${keys.select} from ${w} where ${condition} limit ${FEW_MATCHES_IN_RARE_STATUS}`,
        )
    : undefined;
  const choice = matched
    ? walkOrSort(
        db,
        baseCondition(siteId, filter),
        condition,
        keyset,
        q.limit,
        undefined,
        sql`${counted} >= ${FEW_MATCHES}`,
        sql`(select count(*)::int from mm)`,
      )
    : undefined;
  // The sorted page's ids from those matches: the branch reads it only when they are all there
  // (fewer than the cap counted, or the choice's count under its line).
  const sortedIds = keys
    ? sql`${w.id} in (select id from mm order by ${keys.orderBy} limit ${q.limit + 1})`
    : undefined;
  const gate = (few: boolean) =>
    few
      ? choice
        ? sql`(${counted} < ${FEW_MATCHES} or ${choice.sorted})`
        : sql`${counted} < ${FEW_MATCHES}`
      : choice
        ? sql`(${counted} >= ${FEW_MATCHES} and ${choice.walked})`
        : sql`${counted} >= ${FEW_MATCHES}`;
  const site = { id: siteId, total: false };
  const matchesColumn = {
    matches: sql<number>`${counted}`.mapWith(Number).as('matches'),
    countedAt: sql<number>`(select at from n)`.mapWith(Number).as('counted_at'),
  };
  const branch = (few: boolean) =>
    (ranges && !few
      ? selectEntries(
          db,
          q.sort,
          workEntryRows.where(
            siteId,
            sql`${w.id} in (${foundWorkersPageIds(siteId, filter, found, keyset, q.limit, undefined, FEW_MATCHES)})`,
            gate(false),
          ),
          true,
          site,
          matchesColumn,
        ).orderBy(...orderBy({ ...keyset, few: true }))
      : selectEntries(
          db,
          q.sort,
          // The gate: a one-time filter, so only the branch the count chose reads anything.
          and(few && sortedIds ? sortedIds : condition, q.siteTotal ? undefined : gate(few)),
          true,
          site,
          matchesColumn,
        ).orderBy(...orderBy({ ...keyset, few }))
    ).limit(q.limit + 1);
  // The whole list never sorts its matches: its index walk finds a page at once.
  const statement = q.siteTotal
    ? db.with(n).select().from(branch(false).as('p'))
    : (choice && matched ? db.with(n, matched, ...choice.ctes) : db.with(n))
        .select()
        .from(onlyIf(db, branch(true), gate(true)).unionAll(branch(false)).as('p'));
  const rows = (await statement) as (EntryListRow & { matches: number; countedAt: number })[];
  const first = rows[0];
  const total = first ? Number(first.matches) : 0;
  if (first && !q.siteTotal)
    counts.set(db, key, Number(first.siteVersion), { matches: total, reshaped: Number(first.countedAt) });
  const more = rows.length > q.limit;
  const page = more ? rows.slice(0, q.limit) : rows;
  const last = page.at(-1);
  // A rare status's search keeps choosing on each page (walkOrSort).
  const few = !q.siteTotal && (hybrid || total < FEW_MATCHES);
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
