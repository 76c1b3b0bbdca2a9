/**
 * Assignments and dependencies name a position and a task by id, and leave with the position's and
 * the task's code and name beside the ids: read joined to positions and tasks (on the row's
 * positionId and taskId), and answered under the same API fields.
 */
import { eq } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { positions, tasks } from '../db/schema/index.ts';

/** The columns to select: the row's two ids with the joined position's and task's code and name. */
export function positionTaskColumns<P extends AnyPgColumn, T extends AnyPgColumn>(row: {
  positionId: P;
  taskId: T;
}) {
  return {
    positionId: row.positionId,
    positionCode: positions.positionCode,
    positionName: positions.positionName,
    taskId: row.taskId,
    taskCode: tasks.taskCode,
    taskName: tasks.taskName,
  };
}

/** The two joins' conditions: the row's position, and its task. */
export const onPosition = (row: { positionId: AnyPgColumn }) => eq(positions.id, row.positionId);
export const onTask = (row: { taskId: AnyPgColumn }) => eq(tasks.id, row.taskId);

/** The API fields of a row read with those columns. */
export function positionTaskFields(r: {
  positionId: number;
  positionCode: string;
  positionName: string;
  taskId: number;
  taskCode: string;
  taskName: string;
}) {
  return {
    position_id: r.positionId,
    position_code: r.positionCode,
    position_name: r.positionName,
    task_id: r.taskId,
    task_code: r.taskCode,
    task_name: r.taskName,
  };
}
