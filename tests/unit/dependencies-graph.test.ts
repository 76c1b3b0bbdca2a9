/** The dependency graph functions the server's rules and the console's tree share. */
import { describe, expect, it } from 'vitest';
import { blockedBy, cycleThrough, dependencyOrder, formatCyclePath } from '../../src/domain/dependencies.ts';

const e = (taskId: number, dependsOnTaskId: number, dependencyType = 'requires') => ({
  taskId,
  dependsOnTaskId,
  dependencyType,
});

describe('cycleThrough', () => {
  it('finds no cycle in a chain or a diamond', () => {
    expect(cycleThrough([e(1, 2), e(2, 3)], e(1, 3))).toBeNull();
    expect(cycleThrough([e(1, 2), e(1, 3), e(2, 4)], e(3, 4))).toBeNull();
    expect(cycleThrough([], e(5, 6))).toBeNull();
  });

  it('names the cycle from the new edge round to its task', () => {
    // A(1) → B(2) → C(3), then C → A.
    expect(cycleThrough([e(1, 2), e(2, 3)], e(3, 1))).toEqual([3, 1, 2, 3]);
    expect(cycleThrough([e(1, 2)], e(2, 1))).toEqual([2, 1, 2]);
  });

  it('treats a self edge as the shortest cycle', () => {
    expect(cycleThrough([], e(4, 4))).toEqual([4, 4]);
  });

  it('names a shortest cycle when there are several', () => {
    // 1 → 2 → 3 → 4 → 5 and 1 → 5: adding 5 → 1 closes 5 → 1 → 5 through the short way.
    const edges = [e(1, 2), e(2, 3), e(3, 4), e(4, 5), e(1, 5)];
    expect(cycleThrough(edges, e(5, 1))).toEqual([5, 1, 5]);
  });

  it('counts every dependency type as an edge', () => {
    expect(cycleThrough([e(1, 2, 'optional'), e(2, 3, 'blocks')], e(3, 1))).toEqual([3, 1, 2, 3]);
  });

  it('handles a long chain', () => {
    const edges = Array.from({ length: 2000 }, (_, i) => e(i, i + 1));
    const cycle = cycleThrough(edges, e(2000, 0));
    expect(cycle).toHaveLength(2002);
    expect(cycle?.[0]).toBe(2000);
    expect(cycle?.at(-1)).toBe(2000);
  });
});

describe('formatCyclePath', () => {
  it('joins labels with arrows, the id where no label is known', () => {
    const labels = new Map([
      [1, 'A'],
      [2, 'B'],
    ]);
    expect(formatCyclePath([3, 1, 2, 3], (id) => labels.get(id))).toBe('#3 → A → B → #3');
  });
});

describe('blockedBy', () => {
  it('blocks a task on each requires or blocks dependency not completed, never on optional ones', () => {
    const deps = [e(1, 2, 'requires'), e(1, 3, 'blocks'), e(1, 4, 'optional'), e(5, 2, 'requires')];
    const blocked = blockedBy(deps, new Set([3]));
    expect([...blocked.keys()].sort()).toEqual([1, 5]);
    expect(blocked.get(1)?.map((d) => d.dependsOnTaskId)).toEqual([2]);
  });

  it('blocks nothing once every hard dependency is completed', () => {
    expect(blockedBy([e(1, 2), e(2, 3, 'blocks')], new Set([2, 3])).size).toBe(0);
  });
});

describe('dependencyOrder', () => {
  const byId = (a: number, b: number) => a - b;

  it('puts each task after the ones it depends on, the comparator choosing among the ready ones', () => {
    // 1 waits for 3, 3 waits for 4; 2 is free.
    expect(dependencyOrder([1, 2, 3, 4], [e(1, 3), e(3, 4)], byId)).toEqual([2, 4, 3, 1]);
    // A diamond: 4 after 2 and 3, both after 1.
    expect(dependencyOrder([4, 3, 2, 1], [e(4, 2), e(4, 3), e(2, 1), e(3, 1)], byId)).toEqual([1, 2, 3, 4]);
    // The comparator (here: highest first) decides the ties.
    expect(dependencyOrder([1, 2, 3], [], (a, b) => b - a)).toEqual([3, 2, 1]);
  });

  it('ignores edges to tasks not listed and duplicate edges, and loses no task on a cycle', () => {
    expect(dependencyOrder([1, 2], [e(1, 9), e(2, 1), e(2, 1)], byId)).toEqual([1, 2]);
    expect(dependencyOrder([1, 2, 3], [e(1, 2), e(2, 1)], byId)).toEqual([3, 1, 2]);
  });
});
