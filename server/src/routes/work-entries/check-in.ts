/**
 * The worker check-in (POST /work-entries): a worker starts work at a position, named by the NFC
 * tag the phone read or by its id, on a task assigned there. Each refusal names its field:
 * - the position: unknown on the site; inactive (code POSITION_INACTIVE), or a tag that is not the
 *   position's, while the site setting enableNfcTagValidation is on (off, the tag is only recorded);
 * - the task: unknown, inactive, not assigned to the position, or blocked by an unfinished
 *   dependency (409 TASK_BLOCKED, naming the blocking tasks);
 * - coordinates: both or neither. With both, and coordinates on the position, the distance is kept.
 */
import { distanceMetres } from '#domain/work-entries.ts';
import { auditDiff } from '../../lib/audit-record.ts';
import { HttpError } from '../../lib/errors.ts';
import { textOrNull } from '../../lib/text-rules.ts';
import * as repo from '../../repositories/work-entries.ts';
import * as checkin from '../../repositories/work-entries-checkin.ts';
import type { WorkEntryCreateBody } from '../../schemas/work-entry.ts';
import type { RequestContext } from '../../types.ts';
import { blockedTasks } from '../task-dependencies/blocked.ts';
import { type Keyed, once, onceAfterRead } from './idempotency.ts';
import { toApiEntry } from './present.ts';
import type { WorkEntryDeps } from './service.ts';

function refused(field: string, message: string, rule: string, status = 400, code = 'VALIDATION_ERROR') {
  return new HttpError(status, `${field}: ${message}`, { code, details: [{ field, message, rule }] });
}

/** 400 as every refusal of the check-in's input; the code is the field app's to tell it apart. */
const inactive = (field: string) =>
  refused(field, 'This position is inactive', 'active', 400, 'POSITION_INACTIVE');

/** The position the body names (by id, else by tag) and the tag the entry records. */
function positionKeyOf(body: WorkEntryCreateBody): { key: checkin.PositionKey; tag: string | undefined } {
  const tag = body.nfc_tag_id?.trim() || undefined;
  if (body.position_id !== undefined) return { key: { id: body.position_id }, tag };
  if (tag === undefined)
    throw refused('nfc_tag_id', 'Scan the position’s NFC tag or give the position', 'required');
  return { key: { tag }, tag };
}

function checkPosition(facts: checkin.CheckInFacts | undefined, body: WorkEntryCreateBody, tag?: string) {
  const byId = body.position_id !== undefined;
  if (!facts) {
    if (byId) throw refused('position_id', 'No such position on this site', 'exists');
    throw refused('nfc_tag_id', 'No position has this NFC tag', 'exists');
  }
  const { position, enableNfcTagValidation: validate } = facts;
  if (byId && validate && tag !== undefined && position.nfcTagId !== tag) {
    throw refused('nfc_tag_id', 'This NFC tag does not belong to the position', 'matches');
  }
  if (validate && !position.isActive) throw inactive(byId ? 'position_id' : 'nfc_tag_id');
  return facts;
}

async function checkTask(ctx: RequestContext, facts: checkin.CheckInFacts, taskId: number) {
  const { task } = facts;
  if (!task) throw refused('task_id', 'No such task on this site', 'exists');
  if (!task.isActive) throw refused('task_id', 'This task is inactive', 'active');
  if (!facts.assigned) throw refused('task_id', 'This task is not assigned to the position', 'assigned');
  if (!facts.blocked) return task;
  // Refused: only now are the blocking tasks read, to name them.
  const blocked = (await blockedTasks(ctx.db, ctx.siteId, facts.position.id)).find(
    (b) => b.task_id === taskId,
  );
  if (blocked) {
    const names = blocked.blocked_by.map((b) => `${b.task_name} (${b.task_code})`).join(', ');
    const message = `This task waits for ${names} to be completed at this position`;
    throw new HttpError(409, `task_id: ${message}`, {
      code: 'TASK_BLOCKED',
      details: [
        {
          field: 'task_id',
          message,
          rule: 'blocked',
          params: {
            task_code: blocked.blocked_by[0].task_code,
            task_name: blocked.blocked_by[0].task_name,
            task_names: blocked.blocked_by.map((b) => b.task_name).join(', '),
          },
        },
      ],
    });
  }
  return task;
}

function coordinatesOf(body: WorkEntryCreateBody) {
  if (body.latitude === undefined && body.longitude === undefined) return null;
  if (body.latitude === undefined)
    throw refused('latitude', 'Give the latitude with the longitude', 'required');
  if (body.longitude === undefined)
    throw refused('longitude', 'Give the longitude with the latitude', 'required');
  return { latitude: body.latitude, longitude: body.longitude };
}

/**
 * Without a key, two round trips and a transaction: the facts (checkInFacts), then the entry and
 * its audit event; the insert's returned row is the answer (a new entry has no photos), instead of
 * reading back what was just written.
 */
export async function checkIn(ctx: RequestContext, deps: WorkEntryDeps, body: WorkEntryCreateBody) {
  coordinatesOf(body);
  const { key } = positionKeyOf(body);
  const facts = await checkin.checkInFacts(ctx.db, ctx.siteId, key, body.task_id, ctx.actor.userId);
  const values = await entryOf(ctx, body, facts);
  const row = await ctx.db.transaction((tx) => writeEntry(ctx, tx, values));
  return { work_entry: toApiEntry({ ...row, ...facts?.worker }, [], deps.links), photos: [] };
}

/** The entry a check-in starts, from the facts read for it; refusals name their field. */
async function entryOf(ctx: RequestContext, body: WorkEntryCreateBody, found?: checkin.CheckInFacts) {
  const coordinates = coordinatesOf(body);
  const { tag: given } = positionKeyOf(body);
  const facts = checkPosition(found, body, given);
  const { position } = facts;
  const task = await checkTask(ctx, facts, body.task_id);
  const tag = given ?? position.nfcTagId;
  const at = position.latitude !== null && position.longitude !== null ? position : null;
  return {
    userId: ctx.actor.userId,
    positionId: position.id,
    taskId: task.id,
    taskName: task.taskName,
    status: 'in_progress',
    notes: textOrNull(body.notes),
    nfcTagId: tag ?? null,
    latitude: coordinates?.latitude ?? null,
    longitude: coordinates?.longitude ?? null,
    distanceMeters:
      coordinates && at
        ? distanceMetres(coordinates, { latitude: at.latitude as number, longitude: at.longitude as number })
        : null,
  } satisfies repo.NewWorkEntry;
}

/** The entry and its audit event, in the caller's transaction `tx`. */
async function writeEntry(ctx: RequestContext, tx: RequestContext['db'], values: repo.NewWorkEntry) {
  const inserted = await repo.workEntryRows.insert(tx, ctx.siteId, values);
  const changes = auditDiff(null, inserted);
  await ctx.audit(tx, { action: 'work_entry.create', entity: 'work_entry', id: inserted.id, changes });
  return inserted;
}

/**
 * The check-in, once per Idempotency-Key (idempotency.ts). With a key the claim is a CTE of the
 * facts' statement and the entry is written in the key's transaction itself (no savepoint): BEGIN,
 * claim and facts, entry, audit event, stored answer, COMMIT.
 */
export function checkInOnce(
  ctx: RequestContext,
  deps: WorkEntryDeps,
  body: WorkEntryCreateBody,
  keyed: Keyed,
) {
  if (keyed.key === undefined)
    return once(ctx, undefined, keyed.fingerprint, async (c) => created(await checkIn(c, deps, body)));
  return onceAfterRead(
    ctx,
    keyed.key,
    keyed.fingerprint,
    async (tx, claim) => {
      // A body naming no position is refused by the change, after the claim as every refusal.
      if (body.position_id === undefined && !body.nfc_tag_id?.trim())
        return { claimed: (await claim).length > 0, value: undefined };
      const { key } = positionKeyOf(body);
      return checkin.claimWithFacts(tx, claim, ctx.siteId, key, body.task_id, ctx.actor.userId);
    },
    async (c, facts) => {
      const row = await writeEntry(c, c.db, await entryOf(c, body, facts));
      return created({ work_entry: toApiEntry({ ...row, ...facts?.worker }, [], deps.links), photos: [] });
    },
  );
}

const created = (body: unknown) => ({ statusCode: 201, body });
