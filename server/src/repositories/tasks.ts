/** The task catalogue (tasks table), always within one site; rows leave as the API's Task. */
import type { Static } from '@sinclair/typebox';
import { and, asc, eq, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { positionTaskAssignments, taskDependencies, tasks, workEntries } from '../db/schema/index.ts';
import { rowMapper } from '../lib/api-row.ts';
import { Task } from '../schemas/task.ts';
import { siteScoped } from './site-scoped.ts';

export type TaskRow = typeof tasks.$inferSelect;
export type ApiTask = Static<typeof Task>;

export const taskRows = siteScoped(tasks);

export const toApiTask: (row: TaskRow) => ApiTask = rowMapper(Task);

/** The site's tasks by code; with a position, only those assigned to it. */
export function listTasks(db: Db, siteId: string, positionId?: number): Promise<TaskRow[]> {
  if (positionId === undefined) {
    return db.select().from(tasks).where(taskRows.where(siteId)).orderBy(asc(tasks.taskCode));
  }
  return db
    .select({ task: tasks })
    .from(tasks)
    .innerJoin(
      positionTaskAssignments,
      and(
        eq(positionTaskAssignments.taskId, tasks.id),
        eq(positionTaskAssignments.positionId, positionId),
        eq(positionTaskAssignments.siteId, siteId),
      ),
    )
    .where(taskRows.where(siteId))
    .orderBy(asc(tasks.taskCode))
    .then((rows) => rows.map((r) => r.task));
}

/** Is the code taken on the site, case-insensitively (optionally ignoring one task)? */
export async function taskCodeTaken(db: Db, siteId: string, code: string, exceptId?: number) {
  const [row] = await db
    .select({ id: tasks.id })
    .from(tasks)
    .where(
      taskRows.where(
        siteId,
        sql`lower(${tasks.taskCode}) = lower(${code})`,
        exceptId === undefined ? undefined : ne(tasks.id, exceptId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Does anything the site keeps as history name the task? Assignments and dependencies would be
 * deleted with it (their foreign keys cascade) and work entries would lose it, so such a task is
 * deactivated rather than deleted.
 */
export async function taskIsReferenced(db: Db, siteId: string, taskId: number): Promise<boolean> {
  const pta = positionTaskAssignments;
  const dep = taskDependencies;
  const we = workEntries;
  const checks = [
    () =>
      db
        .select({ id: pta.taskId })
        .from(pta)
        .where(and(eq(pta.siteId, siteId), eq(pta.taskId, taskId))),
    () =>
      db
        .select({ id: dep.id })
        .from(dep)
        .where(and(eq(dep.siteId, siteId), or(eq(dep.taskId, taskId), eq(dep.dependsOnTaskId, taskId)))),
    () =>
      db
        .select({ id: we.id })
        .from(we)
        .where(and(eq(we.siteId, siteId), eq(we.taskId, taskId))),
  ];
  for (const check of checks) if ((await check().limit(1)).length > 0) return true;
  return false;
}
