/**
 * Which tasks at a position are blocked now: a task with a requires or blocks dependency on a task
 * that has no completed work entry at that position. Exported for the worker check-in, which asks
 * before it lets a worker start a task, and (for many positions at once) for the field app.
 */
import { blockedBy, isHardDependency } from '#domain/dependencies.ts';
import type { Db } from '../../db/client.ts';
import * as repo from '../../repositories/dependencies.ts';

export interface BlockedTask {
  task_id: number;
  task_code: string;
  task_name: string;
  blocked_by: { task_id: number; task_code: string; task_name: string; dependency_type: string }[];
}

export async function blockedTasks(db: Db, siteId: string, positionId: number): Promise<BlockedTask[]> {
  const hard = await repo.hardEdgesAt(db, siteId, positionId);
  if (hard.length === 0) return [];
  const completed = await repo.completedAt(db, siteId, positionId, [
    ...new Set(hard.map((e) => e.dependsOnTaskId)),
  ]);
  const blocked = blockedBy(hard, completed);
  const ids = new Set<number>();
  for (const [taskId, by] of blocked) {
    ids.add(taskId);
    for (const e of by) ids.add(e.dependsOnTaskId);
  }
  const labels = new Map((await repo.taskLabels(db, siteId, [...ids])).map((l) => [l.id, l]));
  const label = (id: number) => ({
    task_id: id,
    task_code: labels.get(id)?.taskCode ?? '',
    task_name: labels.get(id)?.taskName ?? '',
  });
  return [...blocked]
    .map(([taskId, by]) => ({
      ...label(taskId),
      blocked_by: by
        .map((e) => ({ ...label(e.dependsOnTaskId), dependency_type: e.dependencyType }))
        .sort((x, y) => x.task_code.localeCompare(y.task_code)),
    }))
    .sort((x, y) => x.task_code.localeCompare(y.task_code));
}

export type PositionEdge = repo.Edge & { positionId: number };

/**
 * The same rule over positions' edges already read (repo.edgesAtPositions): per position, each
 * blocked task and the dependencies that block it. Two queries' worth however many positions.
 */
export async function blockedAtPositions(
  db: Db,
  siteId: string,
  edges: readonly PositionEdge[],
): Promise<Map<number, Map<number, PositionEdge[]>>> {
  const hard = edges.filter((e) => isHardDependency(e.dependencyType));
  const completed = await repo.completedAtPositions(
    db,
    siteId,
    [...new Set(hard.map((e) => e.positionId))],
    [...new Set(hard.map((e) => e.dependsOnTaskId))],
  );
  const byPosition = new Map<number, PositionEdge[]>();
  for (const e of hard) byPosition.set(e.positionId, [...(byPosition.get(e.positionId) ?? []), e]);
  const result = new Map<number, Map<number, PositionEdge[]>>();
  for (const [positionId, list] of byPosition) {
    const done = new Set(
      list.filter((e) => completed.has(`${positionId}:${e.dependsOnTaskId}`)).map((e) => e.dependsOnTaskId),
    );
    result.set(positionId, blockedBy(list, done));
  }
  return result;
}
