/**
 * The dependency rules, checked by validate and again by create inside its
 * transaction: the position is the site's; a task never depends on itself; both tasks are
 * assigned to the position; a pair is there once; and no dependency closes a cycle, of any type.
 * What they read comes in one statement (repo.ruleFacts); the cycle's labels in a second, if any.
 */
import { cycleIn, type DependencyEdge, formatCyclePath, graphOf, hasEdge } from '#domain/dependencies.ts';
import type { Db } from '../../db/client.ts';
import * as repo from '../../repositories/dependencies.ts';

export interface DependencyProblem {
  status: 400 | 409;
  code: string;
  field: string;
  message: string;
  /** Task codes round the cycle, first and last the same. */
  cycle?: string[];
}

export interface Candidate {
  positionId: number;
  taskId: number;
  dependsOnTaskId: number;
}

const problem = (status: 400 | 409, code: string, field: string, message: string): DependencyProblem => ({
  status,
  code,
  field,
  message,
});

export const POSITION_NOT_FOUND: DependencyProblem = problem(
  400,
  'POSITION_NOT_FOUND',
  'position_id',
  'Position not found',
);

/**
 * The first rule the candidate breaks, or null. `reuse` lets validate use the position's facts
 * kept under an unchanged database snapshot; create (in its transaction, the position locked)
 * passes false and reads them afresh.
 */
export async function dependencyProblem(
  db: Db,
  siteId: string,
  c: Candidate,
  options: { reuse: boolean },
): Promise<DependencyProblem | null> {
  const facts = await repo.ruleFacts(db, siteId, c.positionId, [c.taskId, c.dependsOnTaskId], options);
  if (!facts.positionExists) return POSITION_NOT_FOUND;
  if (c.taskId === c.dependsOnTaskId)
    return problem(400, 'SELF_DEPENDENCY', 'depends_on_task_id', 'A task cannot depend on itself');
  for (const field of ['task_id', 'depends_on_task_id'] as const) {
    const id = field === 'task_id' ? c.taskId : c.dependsOnTaskId;
    if (!facts.assigned.has(id))
      return problem(400, 'TASK_NOT_ASSIGNED', field, 'This task is not assigned to the position');
  }
  if (hasEdge(facts.graph, c))
    return problem(409, 'DEPENDENCY_EXISTS', 'depends_on_task_id', 'This dependency already exists');
  const cycle = cycleIn(facts.graph, c);
  if (cycle) {
    const labels = await repo.cycleCodes(db, siteId, c.positionId, [...new Set(cycle)], facts.snapshot);
    const codes = cycle.map((id) => labels.get(id) ?? `#${id}`);
    return {
      ...problem(
        409,
        'DEPENDENCY_CYCLE',
        'depends_on_task_id',
        `This dependency would create a cycle: ${formatCyclePath(cycle, (id) => labels.get(id))}`,
      ),
      cycle: codes,
    };
  }
  return null;
}

/**
 * Dependencies coming back together (a restored assignment's): the first that would
 * close a cycle with the position's dependencies now (made while it was away) and those before it,
 * as a 409 problem naming the cycle; null when none does. Run in the restore's transaction.
 */
export async function restoredCycle(
  db: Db,
  siteId: string,
  positionId: number,
  edges: readonly DependencyEdge[],
): Promise<DependencyProblem | null> {
  const facts = await repo.ruleFacts(db, siteId, positionId, [], { reuse: false });
  const all: DependencyEdge[] = [...facts.graph].flatMap(([taskId, targets]) =>
    targets.map((dependsOnTaskId) => ({ taskId, dependsOnTaskId })),
  );
  for (const edge of edges) {
    const graph = graphOf(all);
    if (hasEdge(graph, edge)) continue;
    const cycle = cycleIn(graph, edge);
    if (cycle) {
      const labels = await repo.cycleCodes(db, siteId, positionId, [...new Set(cycle)], undefined);
      return {
        ...problem(
          409,
          'DEPENDENCY_CYCLE',
          'task_id',
          `Its dependencies would now create a cycle: ${formatCyclePath(cycle, (id) => labels.get(id))}; remove one of the dependencies made since, then restore it`,
        ),
        cycle: cycle.map((id) => labels.get(id) ?? `#${id}`),
      };
    }
    all.push(edge);
  }
  return null;
}
