/**
 * Task dependencies as a graph (spec §3, §5): pure functions the server's rules, the benchmark and
 * the console's tree share. An edge `task → dependsOn` reads "task depends on dependsOn" at one
 * position; every type (blocks, requires, optional) is an edge for cycles, because a cycle of any
 * kind makes an order of work impossible to state.
 */
import type { DependencyType } from './tasks.ts';

export interface DependencyEdge {
  taskId: number;
  dependsOnTaskId: number;
}

/** Types that stop a task from starting until the task it depends on is completed. */
export const HARD_DEPENDENCY_TYPES: readonly DependencyType[] = ['requires', 'blocks'];

export const isHardDependency = (type: string) => (HARD_DEPENDENCY_TYPES as readonly string[]).includes(type);

/** Each task's direct dependencies (task → the tasks it depends on), built once from a list of edges. */
export type DependencyGraph = ReadonlyMap<number, readonly number[]>;

export function graphOf(edges: readonly DependencyEdge[]): DependencyGraph {
  const next = new Map<number, number[]>();
  for (const e of edges) {
    const list = next.get(e.taskId);
    if (list) list.push(e.dependsOnTaskId);
    else next.set(e.taskId, [e.dependsOnTaskId]);
  }
  return next;
}

/** Whether the graph already holds `edge`. */
export const hasEdge = (graph: DependencyGraph, edge: DependencyEdge) =>
  graph.get(edge.taskId)?.includes(edge.dependsOnTaskId) ?? false;

/**
 * The cycle that adding `edge` would close, as task ids from the new edge's task round to itself
 * (`[C, A, B, C]` for C → A over A → B → C), or null when the graph stays acyclic. A self edge is
 * the shortest cycle, `[A, A]`. Breadth-first, so the path named is a shortest one.
 */
export function cycleThrough(edges: readonly DependencyEdge[], edge: DependencyEdge): number[] | null {
  return cycleIn(graphOf(edges), edge);
}

/** `cycleThrough` over a graph already built (the server keeps a position's graph between requests). */
export function cycleIn(next: DependencyGraph, edge: DependencyEdge): number[] | null {
  const { taskId: from, dependsOnTaskId: to } = edge;
  if (from === to) return [from, from];
  // A path to → … → from plus the new edge from → to is the cycle.
  const cameFrom = new Map<number, number>([[to, to]]);
  const queue = [to];
  for (let head = 0; head < queue.length; head++) {
    const node = queue[head];
    if (node === from) {
      const path = [node];
      for (let at = node; at !== to; ) {
        at = cameFrom.get(at) as number;
        path.push(at);
      }
      path.reverse(); // to … from
      return [from, ...path];
    }
    for (const n of next.get(node) ?? []) {
      if (!cameFrom.has(n)) {
        cameFrom.set(n, node);
        queue.push(n);
      }
    }
  }
  return null;
}

/** 'A → B → C → A' from a cycle of ids and a label per id (a code or a name; the id if unknown). */
export function formatCyclePath(path: readonly number[], label: (id: number) => string | undefined): string {
  return path.map((id) => label(id) ?? `#${id}`).join(' → ');
}

export interface TypedDependency extends DependencyEdge {
  dependencyType: string;
}

/**
 * Which tasks are blocked now: each task with a hard dependency (requires or blocks) on a task not
 * in `completed`, mapped to the dependencies that block it. Optional dependencies never block.
 */
export function blockedBy<D extends TypedDependency>(
  dependencies: readonly D[],
  completed: ReadonlySet<number>,
): Map<number, D[]> {
  const blocked = new Map<number, D[]>();
  for (const d of dependencies) {
    if (!isHardDependency(d.dependencyType) || completed.has(d.dependsOnTaskId)) continue;
    const list = blocked.get(d.taskId);
    if (list) list.push(d);
    else blocked.set(d.taskId, [d]);
  }
  return blocked;
}
