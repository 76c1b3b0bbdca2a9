/**
 * The task catalogue's rules: codes unique per site (case-insensitively), names and codes
 * trimmed before their length rules, priority 1 when not given, and a task that history names
 * (assignments, dependencies, work entries) deactivated instead of deleted.
 */
import type { Static } from '@sinclair/typebox';
import { TASK_LIMITS } from '#domain/tasks.ts';
import { LIMITS } from '#domain/validation.ts';
import { auditDiff } from '../../lib/audit-record.ts';
import { findPgError } from '../../lib/db-errors.ts';
import { errors } from '../../lib/errors.ts';
import { optionalText, trimmedName } from '../../lib/text-rules.ts';
import * as repo from '../../repositories/tasks.ts';
import type { TaskCreate, TaskListQueryInput, TaskUpdate } from '../../schemas/task.ts';
import type { RequestContext } from '../../types.ts';
import { moveToTrash } from '../trash/bin.ts';

const { taskRows } = repo;
const CODE_TAKEN = 'A task with this code already exists';

async function assertCodeFree(ctx: RequestContext, code: string, exceptId?: number) {
  if (await repo.taskCodeTaken(ctx.db, ctx.siteId, code, exceptId))
    throw errors.conflict('task_code', CODE_TAKEN);
}

async function loadTask(ctx: RequestContext, id: number): Promise<repo.TaskRow> {
  const row = await taskRows.find(ctx.db, ctx.siteId, id);
  if (!row) throw errors.notFound('Task not found', 'TASK_NOT_FOUND');
  return row;
}

export async function listTasks(ctx: RequestContext, query: TaskListQueryInput) {
  return (await repo.listTasks(ctx.db, ctx.siteId, query.position_id)).map(repo.toApiTask);
}

export async function createTask(ctx: RequestContext, input: Static<typeof TaskCreate>) {
  const taskCode = trimmedName('task_code', input.task_code, LIMITS.taskCodeMin);
  const taskName = trimmedName('task_name', input.task_name, LIMITS.taskNameMin);
  await assertCodeFree(ctx, taskCode);
  const row = await ctx.db.transaction(async (tx) => {
    const inserted = await taskRows.insert(tx, ctx.siteId, {
      taskCode,
      taskName,
      description: optionalText(input.description) ?? null,
      category: input.category ?? null,
      estimatedDurationMinutes: input.estimated_duration_minutes,
      priority: input.priority ?? TASK_LIMITS.defaultPriority,
      isActive: input.is_active ?? true,
      isPrimary: input.is_primary ?? false,
    });
    await ctx.audit(tx, {
      action: 'task.create',
      entity: 'task',
      id: inserted.id,
      changes: auditDiff(null, inserted),
    });
    return inserted;
  });
  return repo.toApiTask(row);
}

export async function updateTask(ctx: RequestContext, id: number, input: Static<typeof TaskUpdate>) {
  const current = await loadTask(ctx, id);
  const changes = taskRows.changes(input, {
    task_code: (code) => trimmedName('task_code', code, LIMITS.taskCodeMin),
    task_name: (name) => trimmedName('task_name', name, LIMITS.taskNameMin),
    description: optionalText,
  });
  const { taskCode } = changes;
  if (taskCode && taskCode.toLowerCase() !== current.taskCode.toLowerCase())
    await assertCodeFree(ctx, taskCode, id);
  const row = await ctx.db.transaction(async (tx) => {
    const updated = Object.keys(changes).length
      ? await taskRows.update(tx, ctx.siteId, id, changes)
      : current;
    if (!updated) throw errors.notFound('Task not found', 'TASK_NOT_FOUND');
    await ctx.audit(tx, { action: 'task.update', entity: 'task', id, changes: auditDiff(current, changes) });
    return updated;
  });
  return repo.toApiTask(row);
}

export type TaskDeleteOutcome =
  | { message: string; outcome: 'deleted'; trash_item_id?: number }
  | { message: string; outcome: 'deactivated'; task: repo.ApiTask };

export async function deleteTask(ctx: RequestContext, id: number): Promise<TaskDeleteOutcome> {
  const target = await loadTask(ctx, id);
  const deactivate = async (): Promise<TaskDeleteOutcome> => {
    const row = await ctx.db.transaction(async (tx) => {
      const updated = await taskRows.update(tx, ctx.siteId, id, { isActive: false });
      if (!updated) throw errors.notFound('Task not found', 'TASK_NOT_FOUND');
      const changes = auditDiff(target, { isActive: false });
      await ctx.audit(tx, { action: 'task.deactivate', entity: 'task', id, changes });
      return updated;
    });
    return {
      message:
        'The task is assigned to positions or has work history, so it was deactivated instead of deleted',
      outcome: 'deactivated',
      task: repo.toApiTask(row),
    };
  };
  if (await repo.taskIsReferenced(ctx.db, ctx.siteId, id)) return deactivate();
  let trashItemId: number | undefined;
  try {
    await ctx.db.transaction(async (tx) => {
      ({ trashItemId } = await moveToTrash(ctx, tx, 'task', { id }, () =>
        taskRows.remove(tx, ctx.siteId, id),
      ));
      await ctx.audit(tx, {
        action: 'task.delete',
        entity: 'task',
        id,
        changes: auditDiff(target, null),
        details: { trash_item_id: trashItemId },
      });
    });
  } catch (err) {
    if (findPgError(err)?.code === '23503') return deactivate();
    throw err;
  }
  return { message: 'Task deleted', outcome: 'deleted', trash_item_id: trashItemId };
}
