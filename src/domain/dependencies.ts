/**
 * Task dependencies as a graph: pure functions the server's rules, the benchmark and
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

/**
 * An order of `taskIds` in which each task comes after the tasks it depends on (edges of any type
 * between two of them; an edge to a task not listed is ignored), choosing among the tasks ready at
 * each step by `first` (a comparator). Tasks left on a cycle, which the rules refuse to create,
 * follow in `first` order rather than go missing.
 */
export function dependencyOrder(
  taskIds: readonly number[],
  edges: readonly DependencyEdge[],
  first: (a: number, b: number) => number,
): number[] {
  const listed = new Set(taskIds);
  const waitsFor = new Map<number, number>(taskIds.map((id) => [id, 0]));
  const dependents = new Map<number, number[]>();
  const seen = new Set<string>();
  for (const e of edges) {
    const key = `${e.taskId}:${e.dependsOnTaskId}`;
    if (
      !listed.has(e.taskId) ||
      !listed.has(e.dependsOnTaskId) ||
      e.taskId === e.dependsOnTaskId ||
      seen.has(key)
    )
      continue;
    seen.add(key);
    waitsFor.set(e.taskId, (waitsFor.get(e.taskId) ?? 0) + 1);
    dependents.set(e.dependsOnTaskId, [...(dependents.get(e.dependsOnTaskId) ?? []), e.taskId]);
  }
  const ready = taskIds.filter((id) => waitsFor.get(id) === 0);
  const order: number[] = [];
  while (ready.length > 0) {
    ready.sort(first);
    const next = ready.shift() as number;
    order.push(next);
    for (const d of dependents.get(next) ?? []) {
      const left = (waitsFor.get(d) ?? 0) - 1;
      waitsFor.set(d, left);
      if (left === 0) ready.push(d);
    }
  }
  const placed = new Set(order);
  return [...order, ...taskIds.filter((id) => !placed.has(id)).sort(first)];
}
