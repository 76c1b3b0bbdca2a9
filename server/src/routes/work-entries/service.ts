/**
 * The work entry rules on the server: the list (scoped to the caller, keyset pages, a
 * capped count), one entry, status changes along the state chart with the duration computed here,
 * and deletion (photos' files too).
 */

import { applyTransition, checkTransition, type WorkEntryStatus } from '#domain/work-entries.ts';
import { auditDiff } from '../../lib/audit-record.ts';
import { errors, HttpError } from '../../lib/errors.ts';
import { textOrNull } from '../../lib/text-rules.ts';
import { getSiteSettings } from '../../repositories/site-settings.ts';
import * as repo from '../../repositories/work-entries.ts';
import * as listRepo from '../../repositories/work-entries-list.ts';
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

/** What the area's handlers share besides the request context. */
export interface WorkEntryDeps {
  links: PhotoLinks;
  store: PhotoStore;
}

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

/** The list's and the export's filters as one condition, the caller's scope included. */
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

/**
 * A page of the list: the caller's filters and scope, its sort, and on the first page the matches
 * counted (capped) or the site's total for its whole list, in one statement
 * (repositories/work-entries-list.ts, which also keeps counts and chooses the plan).
 */
export async function listWorkEntries(ctx: RequestContext, deps: WorkEntryDeps, q: WorkEntryListOptions) {
  const filter = await entryFilterOf(ctx, q);
  const whole = seesAll(ctx) && unfiltered(q);
  const page = await listRepo
    .listEntries(ctx.db, ctx.siteId, filter, {
      ...keysetOf(q),
      limit: q.limit ?? 25,
      cursor: q.cursor,
      siteTotal: whole,
    })
    .catch((err) => {
      throw err instanceof repo.InvalidCursor ? invalidCursor() : err;
    });
  return {
    work_entries: page.rows.map((r) => toApiEntry(r, r.photoIds ?? [], deps.links)),
    next_cursor: page.nextCursor,
    total: page.count?.total ?? null,
    total_capped: page.count?.capped ?? false,
  };
}

const unfiltered = (q: WorkEntryFilters) =>
  [q.status, q.user_id, q.position_id, q.task_id, q.from, q.to, q.search?.trim() || undefined].every(
    (v) => v === undefined,
  );

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
  await deps.store.delete(photos.map((p) => p.url));
  return { message: 'Work entry deleted' };
}
