/**
 * Position-task assignment rules: a new assignment needs an active position and
 * an active task of the site (400 on the field); a pair is assigned once (409 on task_id); an
 * update changes is_primary only; removing one removes the task's dependencies at that position.
 */

import type { Static } from '@sinclair/typebox';
import { auditDiff } from '../../lib/audit-record.ts';
import { errors } from '../../lib/errors.ts';
import * as repo from '../../repositories/assignments.ts';
import { positionRows } from '../../repositories/positions.ts';
import { taskRows } from '../../repositories/tasks.ts';
import type { AssignmentCreate, AssignmentListOptions } from '../../schemas/assignment.ts';
import type { RequestContext } from '../../types.ts';
import type { EditTarget } from '../edit-conflict.ts';
import { assertPositionUsable } from '../positions/service.ts';
import { moveToTrash } from '../trash/bin.ts';

const notFound = () => errors.notFound('Position-task assignment not found', 'ASSIGNMENT_NOT_FOUND');
/** An assignment's id in the audit log: its position and task. */
export const assignmentId = (positionId: number, taskId: number) => `${positionId}:${taskId}`;

export const ALREADY_ASSIGNED = 'This task is already assigned to the position';

/** A task a new assignment or dependency may name: on the site and active, else 400 on the field. */
export async function assertTaskUsable(ctx: RequestContext, taskId: number, field: string) {
  const task = await taskRows.find(ctx.db, ctx.siteId, taskId);
  if (!task) {
    const message = 'Task not found';
    throw errors.badRequest(message, 'TASK_NOT_FOUND', [
      { field, message, rule: 'exists', params: { id: taskId } },
    ]);
  }
  if (!task.isActive) {
    const message = 'This task is inactive';
    throw errors.badRequest(message, 'TASK_INACTIVE', [
      { field, message, rule: 'active', params: { id: taskId } },
    ]);
  }
  return task;
}

export async function listAssignments(ctx: RequestContext, options: AssignmentListOptions) {
  const { rows, total } = await repo.listAssignments(ctx.db, ctx.siteId, options);
  return { assignments: rows, total };
}

/** A position's tasks; the position may be inactive but must be the caller's site's (404). */
export async function tasksOfPosition(ctx: RequestContext, positionId: number) {
  if (!(await positionRows.find(ctx.db, ctx.siteId, positionId)))
    throw errors.notFound('Position not found', 'POSITION_NOT_FOUND');
  return { assignments: await repo.assignmentsOf(ctx.db, ctx.siteId, { positionId }) };
}

export async function positionsOfTask(ctx: RequestContext, taskId: number) {
  if (!(await taskRows.find(ctx.db, ctx.siteId, taskId)))
    throw errors.notFound('Task not found', 'TASK_NOT_FOUND');
  return { assignments: await repo.assignmentsOf(ctx.db, ctx.siteId, { taskId }) };
}

export async function createAssignment(ctx: RequestContext, input: Static<typeof AssignmentCreate>) {
  await assertPositionUsable(ctx, input.position_id, 'position_id');
  await assertTaskUsable(ctx, input.task_id, 'task_id');
  if (await repo.findAssignment(ctx.db, ctx.siteId, input.position_id, input.task_id))
    throw errors.conflict('task_id', ALREADY_ASSIGNED, 'ALREADY_ASSIGNED');
  // A concurrent create of the same pair loses on the primary key: a 409 on task_id as well.
  const values = {
    positionId: input.position_id,
    taskId: input.task_id,
    isPrimary: input.is_primary ?? false,
    assignedBy: ctx.actor.userId,
  };
  await ctx.db.transaction(async (tx) => {
    await repo.insertAssignment(tx, ctx.siteId, values);
    const id = assignmentId(values.positionId, values.taskId);
    await ctx.audit(tx, {
      action: 'assignment.create',
      entity: 'assignment',
      id,
      changes: auditDiff(null, values),
    });
  });
  return loadAssignment(ctx, input.position_id, input.task_id);
}

async function loadAssignment(ctx: RequestContext, positionId: number, taskId: number) {
  const row = await repo.findAssignment(ctx.db, ctx.siteId, positionId, taskId);
  if (!row) throw notFound();
  return row;
}

/** What a save guarded by If-Match locks and compares (edit-conflict.ts): the assignment's row. */
export const assignmentEditTarget = (
  ctx: RequestContext,
  positionId: number,
  taskId: number,
): EditTarget => ({
  entity: 'assignment',
  auditId: assignmentId(positionId, taskId),
  lockVersion: (db) => repo.lockAssignmentVersion(db, ctx.siteId, positionId, taskId),
});

export async function updateAssignment(
  ctx: RequestContext,
  positionId: number,
  taskId: number,
  isPrimary: boolean,
) {
  const before = await loadAssignment(ctx, positionId, taskId);
  await ctx.db.transaction(async (tx) => {
    if (!(await repo.setPrimary(tx, ctx.siteId, positionId, taskId, isPrimary))) throw notFound();
    const changes = auditDiff(before, { isPrimary });
    await ctx.audit(tx, {
      action: 'assignment.update',
      entity: 'assignment',
      id: assignmentId(positionId, taskId),
      changes,
    });
  });
  return loadAssignment(ctx, positionId, taskId);
}

export async function deleteAssignment(ctx: RequestContext, positionId: number, taskId: number) {
  const removed = await ctx.db.transaction(async (tx) => {
    const before = await repo.findAssignment(tx, ctx.siteId, positionId, taskId);
    const moved = await moveToTrash(ctx, tx, 'assignment', { positionId, taskId }, () =>
      repo.removeAssignment(tx, ctx.siteId, positionId, taskId),
    );
    const gone = moved.removed;
    if (gone === undefined) return gone;
    const changes = auditDiff(before, null);
    const details = { removed_dependencies: gone, trash_item_id: moved.trashItemId };
    await ctx.audit(tx, {
      action: 'assignment.delete',
      entity: 'assignment',
      id: assignmentId(positionId, taskId),
      changes,
      details,
    });
    return { gone, trashItemId: moved.trashItemId };
  });
  if (removed === undefined) throw notFound();
  return {
    message: 'Assignment removed',
    removed_dependencies: removed.gone,
    trash_item_id: removed.trashItemId,
  };
}
