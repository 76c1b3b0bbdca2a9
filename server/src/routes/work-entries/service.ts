/**
 * The work entry rules of issue 9 on the server: the list (scoped to the caller, keyset pages, a
 * capped count), one entry, status changes along the state chart with the duration computed here,
 * and deletion (photos' files too).
 */

import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import {
  applyTransition,
  checkTransition,
  WORK_ENTRY_COUNT_CAP,
  type WorkEntryStatus,
} from '#domain/work-entries.ts';
import { auditDiff } from '../../lib/audit-record.ts';
import { errors, HttpError } from '../../lib/errors.ts';
import { textOrNull } from '../../lib/text-rules.ts';
import { getSiteSettings } from '../../repositories/site-settings.ts';
import * as repo from '../../repositories/work-entries.ts';
import { encodeCursor } from '../../repositories/work-entries-keyset.ts';
import * as photosRepo from '../../repositories/work-entries-photos.ts';
import type {
  WorkEntryFilters,
  WorkEntryListOptions,
  WorkEntryUpdateBody,
} from '../../schemas/work-entry.ts';
import type { RequestContext } from '../../types.ts';
import { loadVisible, loadWritable, NOT_FOUND, seesAll } from './access.ts';
import { type Keyed, once } from './idempotency.ts';
import type { PhotoLinks } from './photo-links.ts';
import type { PhotoStore } from './photo-store.ts';
import { toApiEntry, toApiPhoto } from './present.ts';
import { VersionedCache } from './versioned-cache.ts';

const pgDialect = new PgDialect();

/** What the area's handlers share besides the request context. */
export interface WorkEntryDeps {
  links: PhotoLinks;
  store: PhotoStore;
}

/** The list's and the export's filters as one condition, the caller's scope included. */
/**
 * The caller's filters as the repositories take them (the live list's and the archive's): the
 * day range checked, the site's time zone read only when a day is given, a worker's own entries
 * only without work_entries.view_all.
 */
export async function entryFilterOf(
  ctx: RequestContext,
  q: Omit<WorkEntryFilters, 'search'> & { search?: string },
): Promise<repo.EntryFilter> {
  if (q.from && q.to && q.from > q.to) {
    const message = 'The last day must not be before the first day';
    throw new HttpError(400, `to: ${message}`, {
      code: 'VALIDATION_ERROR',
      details: [{ field: 'to', message }],
    });
  }
  const timeZone = q.from || q.to ? (await getSiteSettings(ctx.db, ctx.siteId)).timezone : 'UTC';
  return {
    ownerId: seesAll(ctx) ? undefined : ctx.actor.userId,
    status: q.status,
    userId: q.user_id,
    positionId: q.position_id,
    taskId: q.task_id,
    from: q.from,
    to: q.to,
    timeZone,
    search: q.search?.trim() || undefined,
  };
}

export async function conditionFor(ctx: RequestContext, q: WorkEntryFilters) {
  return repo.filterCondition(ctx.db, ctx.siteId, await entryFilterOf(ctx, q));
}

export const keysetOf = (q: WorkEntryFilters) => ({ sort: q.sort ?? 'created', order: q.order ?? 'desc' });

export function invalidCursor() {
  const message = 'This cursor does not belong to this list; start again from the first page';
  return new HttpError(400, `cursor: ${message}`, {
    code: 'VALIDATION_ERROR',
    details: [{ field: 'cursor', message }],
  });
}

/** Below this many matches a page sorts the matches rather than walk a sort index (keyset module). */
export const FEW_MATCHES = WORK_ENTRY_COUNT_CAP;

const unfiltered = (q: WorkEntryFilters) =>
  [q.status, q.user_id, q.position_id, q.task_id, q.from, q.to, q.search?.trim() || undefined].every(
    (v) => v === undefined,
  );

type Count = { total: number; capped: boolean };

/** A remembered count, with the site's count of changes but inserts it was read at (migration 0011). */
type KeptCount = Count & { reshaped: number };

/**
 * The first page's capped counts, per site and exact condition (its SQL and values: the filters,
 * the caller's scope, the search's id lists and the days' bounds), valid while the site's entry
 * version holds (versioned-cache.ts), and a count past the cap also while only entries were
 * added: new entries can only add matches, so it is still past the cap. A busy site adds entries
 * all day; its broad views (a status, a worker, a month) then read their page and no count.
 */
const counts = new VersionedCache<KeptCount>(2_000);

/** Whether a kept count is right at the version (and reshaped count) a page was just read at. */
function stillRight(known: { version: number; value: KeptCount }, version: number, reshaped: number | null) {
  return known.version === version || (known.value.capped && known.value.reshaped === reshaped);
}

function conditionKey(ctx: RequestContext, condition: SQL) {
  const { sql: text, params } = pgDialect.sqlToQuery(condition);
  return `${ctx.siteId}\u0000${text}\u0000${JSON.stringify(params)}`;
}

/**
 * First pages (no cursor) as their rows and count, per site, the caller's scope and the query as
 * asked (filters, sort, order, limit), kept with the site's entry version they were read at: a
 * view many people open or refresh (today's entries, the failed ones) costs one statement that
 * reads no table while no entry changed. The version also moves with what a page shows or matches
 * beyond the entries' columns (photos, names, codes, the site's time zone: migration 0010). Rows
 * are kept, not answers: photo links are signed for each answer. Later pages are not kept.
 */
const firstPages = new VersionedCache<{ page: Page; count: Count }>(256);

function firstPageKey(ctx: RequestContext, q: WorkEntryListOptions, limit: number) {
  const scope = seesAll(ctx) ? 'all' : `own:${ctx.actor.userId}`;
  const { sort, order } = keysetOf(q);
  const filters = [
    q.status,
    q.user_id,
    q.position_id,
    q.task_id,
    q.from,
    q.to,
    q.search?.trim() || undefined,
  ];
  return JSON.stringify([ctx.siteId, scope, ...filters.map((v) => v ?? null), sort, order, limit]);
}

/**
 * The first page counts the matches (capped), and that count chooses the plan of every page (the
 * cursor carries it on); no match at all needs no page query. The unfiltered list of a site reads
 * its exact total from the counts the triggers keep, in the page's own statement. A filtered
 * count is remembered with the site's entry version, which the page's statement reads too: when
 * no entry changed, the first page is one statement; when one did, the count is read again,
 * unless it was past the cap and entries were only added since.
 */
export async function listWorkEntries(ctx: RequestContext, deps: WorkEntryDeps, q: WorkEntryListOptions) {
  const limit = q.limit ?? 25;
  let count: Count | undefined;
  let page: Page;
  if (q.cursor !== undefined) {
    const condition = await conditionFor(ctx, q);
    page = await repo
      .pageAfter(ctx.db, condition, { ...keysetOf(q), few: false }, limit, q.cursor)
      .catch((err) => {
        throw err instanceof repo.InvalidCursor ? invalidCursor() : err;
      });
  } else {
    ({ count, page } = await firstPageOf(ctx, q, limit));
  }
  return {
    work_entries: page.rows.map((r) => toApiEntry(r, r.photoIds ?? [], deps.links)),
    next_cursor: page.nextCursor,
    total: count?.total ?? null,
    total_capped: count?.capped ?? false,
  };
}

type Page = { rows: repo.EntryListRow[]; nextCursor: string | null };

/**
 * First pages being read, per database and key, with the entry version their caller saw. After a
 * change every kept page is stale at once, and while one request reads a page again the next
 * ones for the same view would read it too (on PGlite, one thread, a pile-up); instead a request
 * that saw no later version than the read's caller waits for that read. Its statements run after
 * that version was seen, so they see every change the waiting request could have seen: a change
 * a caller made before asking is never missing. A request that saw a later version reads afresh.
 */
const reading = new WeakMap<object, Map<string, { version: number; read: Promise<FirstPage> }>>();

async function firstPageOf(ctx: RequestContext, q: WorkEntryListOptions, limit: number) {
  const { db } = ctx;
  const key = firstPageKey(ctx, q, limit);
  const kept = firstPages.peek(db, key);
  // With nothing kept the version is not read: a view's first read costs what it did.
  const now = kept ? await repo.siteEntryVersion(db, ctx.siteId) : undefined;
  // Looked up again: a read may have ended, and kept its page, while this one read the version.
  const latest = firstPages.peek(db, key);
  if (latest && latest.version === now) return latest.value;
  let under = reading.get(db);
  if (!under) {
    under = new Map();
    reading.set(db, under);
  }
  const running = now === undefined ? undefined : under.get(key);
  if (running && now !== undefined && running.version >= now) return running.read;
  const read = readFirstPage(ctx, q, limit, now);
  if (now !== undefined) under.set(key, { version: now, read });
  try {
    const done = await read;
    if (typeof done.version === 'number') firstPages.set(db, key, done.version, done);
    return done;
  } finally {
    if (under.get(key)?.read === read) under.delete(key);
  }
}
/** A first page, its count, and the site's entry version read before or with it (none: unknown). */
type FirstPage = { count: Count; page: Page; version: number | null | undefined };

/** `seen`: the site's entry version the caller has just read, if it has (not read again here). */
async function readFirstPage(
  ctx: RequestContext,
  q: WorkEntryListOptions,
  limit: number,
  seen: number | undefined,
): Promise<FirstPage> {
  const condition = await conditionFor(ctx, q);
  const keyset = keysetOf(q);
  const fetchPage = (few: boolean, site?: { id: string; total: boolean }) =>
    repo.pageAfter(ctx.db, condition, { ...keyset, few }, limit, undefined, { site });
  if (seesAll(ctx) && unfiltered(q)) {
    const page = await fetchPage(false, { id: ctx.siteId, total: true });
    // No row on the first page of the unfiltered list: the site has no entries.
    const first = page.rows[0];
    return { count: { total: first?.siteTotal ?? 0, capped: false }, page, version: first?.siteVersion };
  }
  return firstFilteredPage(ctx, condition, keyset, fetchPage, seen);
}

async function firstFilteredPage(
  ctx: RequestContext,
  condition: SQL,
  keyset: ReturnType<typeof keysetOf>,
  fetchPage: (few: boolean, site?: { id: string; total: boolean }) => Promise<Page>,
  seen: number | undefined,
): Promise<FirstPage> {
  const { db, siteId } = ctx;
  const key = conditionKey(ctx, condition);
  const known = counts.peek(db, key);
  const few = (c: Count) => c.total < FEW_MATCHES;
  if (known?.value.total === 0) {
    const version = seen ?? (await repo.siteEntryVersion(db, siteId));
    if (version === known.version)
      return { count: known.value, page: { rows: [], nextCursor: null }, version };
  }
  if (known && known.value.total > 0) {
    const page = await fetchPage(few(known.value), { id: siteId, total: false });
    const first = page.rows[0];
    const version = first?.siteVersion;
    // No row: there is no match (now), whatever was counted before.
    if (version == null) return { count: { total: 0, capped: false }, page, version };
    if (stillRight(known, version, first.siteReshaped)) {
      if (known.version !== version) counts.set(db, key, version, known.value);
      return { count: known.value, page, version };
    }
    // Entries changed since the count: count again; the rows are right whichever plan read them,
    // and the cursor is made for the plan the new count chooses.
    const fresh = await repo.countCapped(db, siteId, condition);
    counts.set(db, key, fresh.version, fresh);
    const last = page.rows.at(-1);
    const nextCursor =
      page.nextCursor && last && few(fresh) !== few(known.value)
        ? encodeCursor({ ...keyset, few: few(fresh) }, last)
        : page.nextCursor;
    // The rows were read before the new count: they are kept with the version they were read at.
    return { count: fresh, page: { rows: page.rows, nextCursor }, version };
  }
  const fresh = await repo.countCapped(db, siteId, condition);
  counts.set(db, key, fresh.version, fresh);
  const page = fresh.total === 0 ? { rows: [], nextCursor: null } : await fetchPage(few(fresh));
  return { count: fresh, page, version: fresh.version };
}

export async function entryAnswer(ctx: RequestContext, deps: WorkEntryDeps, id: number) {
  const row = await repo.findEntry(ctx.db, ctx.siteId, id);
  if (!row) throw errors.notFound(NOT_FOUND, 'WORK_ENTRY_NOT_FOUND');
  const photos = await photosRepo.photosOf(ctx.db, ctx.siteId, [id]);
  return {
    work_entry: toApiEntry(
      row,
      photos.map((p) => p.id),
      deps.links,
    ),
    photos: photos.map((p) => toApiPhoto(p, deps.links)),
  };
}

export async function getWorkEntry(ctx: RequestContext, deps: WorkEntryDeps, id: number) {
  await loadVisible(ctx, id);
  return entryAnswer(ctx, deps, id);
}

/** The entry's status now is in the details, so a phone can show what happened to it meanwhile. */
function transitionRefused(message: string, current: WorkEntryStatus) {
  return new HttpError(409, message, {
    code: 'INVALID_TRANSITION',
    details: [{ field: 'status', message, rule: 'transition', params: { current_status: current } }],
  });
}

export async function updateWorkEntry(
  ctx: RequestContext,
  deps: WorkEntryDeps,
  id: number,
  body: WorkEntryUpdateBody,
) {
  const current = await loadWritable(ctx, id);
  const from = current.status as WorkEntryStatus;
  const changes: Partial<repo.NewWorkEntry> = {};
  if (body.notes !== undefined) changes.notes = textOrNull(body.notes);
  if (body.status !== undefined) {
    const check = checkTransition(from, body.status);
    if (!check.ok) throw transitionRefused(check.message, from);
    const clock = applyTransition(
      { startedAt: current.startedAt, pausedSeconds: current.pausedSeconds, pausedAt: current.pausedAt },
      body.status,
      new Date(),
    );
    Object.assign(changes, {
      status: body.status,
      pausedAt: clock.pausedAt,
      pausedSeconds: clock.pausedSeconds,
      completedAt: clock.completedAt,
      durationMinutes: clock.durationMinutes,
    });
  }
  const applied = await ctx.db.transaction(async (tx) => {
    if (Object.keys(changes).length > 0 && !(await repo.updateIfStatus(tx, ctx.siteId, id, from, changes)))
      return false;
    await ctx.audit(tx, {
      action: 'work_entry.update',
      entity: 'work_entry',
      id,
      changes: auditDiff(current, changes),
    });
    return true;
  });
  if (!applied) {
    // Another change won the race: the status it left decides.
    const now = await loadVisible(ctx, id);
    throw transitionRefused(
      `The entry changed meanwhile: it is now ${now.status}, so ${from} → ${body.status ?? from} no longer applies`,
      now.status as WorkEntryStatus,
    );
  }
  return entryAnswer(ctx, deps, id);
}

/** A status or notes change, once per Idempotency-Key (idempotency.ts). */
export function updateWorkEntryOnce(
  ctx: RequestContext,
  deps: WorkEntryDeps,
  id: number,
  body: WorkEntryUpdateBody,
  keyed: Keyed,
) {
  return once(ctx, keyed.key, keyed.fingerprint, async (c) => ({
    statusCode: 200,
    body: await updateWorkEntry(c, deps, id, body),
  }));
}

export async function deleteWorkEntry(ctx: RequestContext, deps: WorkEntryDeps, id: number) {
  const photos = await photosRepo.photosOf(ctx.db, ctx.siteId, [id]);
  await ctx.db.transaction(async (tx) => {
    const before = await repo.workEntryRows.find(tx, ctx.siteId, id);
    if (!before || !(await repo.workEntryRows.remove(tx, ctx.siteId, id)))
      throw errors.notFound(NOT_FOUND, 'WORK_ENTRY_NOT_FOUND');
    const details = { photo_ids: photos.map((p) => p.id) };
    await ctx.audit(tx, {
      action: 'work_entry.delete',
      entity: 'work_entry',
      id,
      changes: auditDiff(before, null),
      details,
    });
  });
  // The rows went with the entry (cascade); the files follow.
  await deps.store.remove(photos.map((p) => p.url));
  return { message: 'Work entry deleted' };
}
