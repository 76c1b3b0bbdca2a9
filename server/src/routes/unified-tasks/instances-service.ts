/**
 * Task-instance rules: new instances only at active positions and from active
 * templates (400 on the field); defaults priority 1, mandatory, not primary; completion recorded
 * once (who, when, notes), a second completion is 409.
 */
import type { Static } from '@sinclair/typebox';
import { TASK_LIMITS } from '#domain/tasks.ts';
import { LIMITS } from '#domain/validation.ts';
import { auditDiff } from '../../lib/audit-record.ts';
import { errors, HttpError } from '../../lib/errors.ts';
import { optionalText, trimmedName } from '../../lib/text-rules.ts';
import { positionRows } from '../../repositories/positions.ts';
import * as listRepo from '../../repositories/tasks-instance-list.ts';
import * as repo from '../../repositories/tasks-instances.ts';
import { templateRows } from '../../repositories/tasks-templates.ts';
import type {
  InstanceListOptions,
  TaskInstanceCreate,
  TaskInstanceUpdate,
} from '../../schemas/task-instance.ts';
import type { RequestContext } from '../../types.ts';
import { assertPositionUsable } from '../positions/service.ts';
import { moveToTrash } from '../trash/bin.ts';

const { instanceRows } = repo;
const notFound = () => errors.notFound('Task instance not found', 'TASK_INSTANCE_NOT_FOUND');

/** A template a new instance may come from: on the site and active, else 400 on the field. */
export function templateRefused(field: string, id: number, inactive: boolean): HttpError {
  const message = inactive ? 'This template is inactive' : 'Template not found';
  return errors.badRequest(message, inactive ? 'TEMPLATE_INACTIVE' : 'TEMPLATE_NOT_FOUND', [
    { field, message, rule: inactive ? 'active' : 'exists', params: { id } },
  ]);
}

/** The position of a by-position route: any state, but on the caller's site (404 otherwise). */
export async function assertPositionExists(ctx: RequestContext, positionId: number): Promise<void> {
  if (!(await positionRows.find(ctx.db, ctx.siteId, positionId)))
    throw errors.notFound('Position not found', 'POSITION_NOT_FOUND');
}

async function loadInstance(ctx: RequestContext, id: number): Promise<repo.ApiInstance> {
  const row = await repo.findInstance(ctx.db, ctx.siteId, id);
  if (!row) throw notFound();
  return row;
}

export async function listTaskInstances(ctx: RequestContext, options: InstanceListOptions) {
  const { rows, total } = await listRepo.listInstances(ctx.db, ctx.siteId, options);
  return { instances: rows, total };
}

export const getTaskInstance = loadInstance;

export async function createTaskInstance(ctx: RequestContext, input: Static<typeof TaskInstanceCreate>) {
  await assertPositionUsable(ctx, input.position_id, 'position_id');
  let template: Awaited<ReturnType<typeof templateRows.find>>;
  if (input.template_id != null) {
    template = await templateRows.find(ctx.db, ctx.siteId, input.template_id);
    if (!template?.isActive) throw templateRefused('template_id', input.template_id, !!template);
  }
  const name = input.task_name ?? template?.taskName;
  if (name === undefined) throw errors.fieldError('task_name', 'required');
  const pick = <T>(given: T | undefined, fromTemplate: T | undefined, fallback: T): T =>
    given !== undefined ? given : fromTemplate !== undefined ? fromTemplate : fallback;
  // The unique index on open (template, position) pairs answers a duplicate with 409 on template_id.
  const values = {
    positionId: input.position_id,
    templateId: template?.id ?? null,
    taskCode: pick(optionalText(input.task_code), template?.taskCode, null),
    taskName: trimmedName('task_name', name, LIMITS.taskNameMin),
    description: pick(optionalText(input.description), template?.description, null),
    category: pick(input.category, template?.category, null),
    priority: pick(input.priority, template?.priority, TASK_LIMITS.defaultPriority),
    durationMinutes: pick(input.duration_minutes, template?.durationMinutes, null),
    isPrimary: input.is_primary ?? false,
    isMandatory: input.is_mandatory ?? true,
    specificNotes: optionalText(input.specific_notes) ?? null,
    isActive: input.is_active ?? true,
  };
  const row = await ctx.db.transaction(async (tx) => {
    const inserted = await instanceRows.insert(tx, ctx.siteId, values);
    const changes = auditDiff(null, inserted);
    await ctx.audit(tx, {
      action: 'task_instance.create',
      entity: 'task_instance',
      id: inserted.id,
      changes,
    });
    return inserted;
  });
  return loadInstance(ctx, row.id);
}

export async function updateTaskInstance(
  ctx: RequestContext,
  id: number,
  input: Static<typeof TaskInstanceUpdate>,
) {
  const current = await loadInstance(ctx, id);
  // The same position is no change; a new one must be usable (active, of this site).
  const { position_id: positionId, ...rest } = input;
  const moved = positionId !== undefined && positionId !== current.position_id;
  if (moved) await assertPositionUsable(ctx, positionId, 'position_id');
  const changes = instanceRows.changes(
    { ...rest, position_id: moved ? positionId : undefined },
    {
      task_name: (name) => trimmedName('task_name', name, LIMITS.taskNameMin),
      task_code: optionalText,
      description: optionalText,
      specific_notes: optionalText,
    },
  );
  await ctx.db.transaction(async (tx) => {
    if (Object.keys(changes).length && !(await instanceRows.update(tx, ctx.siteId, id, changes)))
      throw notFound();
    const diff = auditDiff(current, changes);
    await ctx.audit(tx, { action: 'task_instance.update', entity: 'task_instance', id, changes: diff });
  });
  return loadInstance(ctx, id);
}

export async function deleteTaskInstance(ctx: RequestContext, id: number) {
  // Work entries logged against it keep their own copy of the task name (task_instance_id set null).
  // The restore sets them back.
  const trashItemId = await ctx.db.transaction(async (tx) => {
    const target = await instanceRows.find(tx, ctx.siteId, id);
    if (!target) throw notFound();
    const moved = await moveToTrash(ctx, tx, 'task_instance', { id }, () =>
      instanceRows.remove(tx, ctx.siteId, id),
    );
    if (!moved.removed) throw notFound();
    const changes = auditDiff(target, null);
    const details = { trash_item_id: moved.trashItemId };
    await ctx.audit(tx, { action: 'task_instance.delete', entity: 'task_instance', id, changes, details });
    return moved.trashItemId;
  });
  return { message: 'Task instance deleted', outcome: 'deleted' as const, trash_item_id: trashItemId };
}

export async function completeInstance(ctx: RequestContext, id: number, notes: string | null | undefined) {
  const done = await ctx.db.transaction(async (tx) => {
    const completed = await repo.completeInstance(
      tx,
      ctx.siteId,
      id,
      ctx.actor.userId,
      optionalText(notes) ?? null,
    );
    if (completed) {
      const changes = {
        is_completed: { old: false, new: true },
        completion_notes: { old: null, new: optionalText(notes) ?? null },
      };
      await ctx.audit(tx, { action: 'task_instance.complete', entity: 'task_instance', id, changes });
    }
    return completed;
  });
  if (!done) {
    const existing = await loadInstance(ctx, id);
    const message = 'This task is already completed';
    if (existing.is_completed)
      throw new HttpError(409, message, {
        code: 'ALREADY_COMPLETED',
        details: [{ field: 'is_completed', message, rule: 'state' }],
      });
  }
  return loadInstance(ctx, id);
}

const percent = (c: repo.Counts) => (c.total === 0 ? 0 : Math.floor((c.completed * 100) / c.total));

export async function positionCompletionStats(ctx: RequestContext, positionId: number) {
  await assertPositionExists(ctx, positionId);
  const c = await repo.positionCounts(ctx.db, ctx.siteId, positionId);
  return { position_id: positionId, total: c.total, completed: c.completed, percent: percent(c) };
}

export async function siteCompletionStats(ctx: RequestContext) {
  const rows = await repo.categoryCounts(ctx.db, ctx.siteId);
  const overall = rows.reduce(
    (a, r) => ({ total: a.total + r.total, completed: a.completed + r.completed }),
    {
      total: 0,
      completed: 0,
    },
  );
  return {
    overall: { ...overall, percent: percent(overall) },
    categories: rows.map((r) => ({ ...r, percent: percent(r) })),
  };
}
