/**
 * The data the assignments screen reads: the generated hooks, with the option lists its pickers
 * need (active positions and tasks only: inactive ones cannot take new assignments).
 */
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { ListPositionTaskAssignmentsParams } from '../../api/gen/model';
import { useListPositionTaskAssignments } from '../../api/gen/position-task-assignments/position-task-assignments.ts';
import { useListPositions } from '../../api/gen/positions/positions.ts';
import { useListTasks } from '../../api/gen/tasks/tasks.ts';
import { useListTaskTemplates } from '../../api/gen/unified-tasks/unified-tasks.ts';

export interface Option {
  value: number;
  label: string;
}

export function useAssignmentsPage(params: ListPositionTaskAssignmentsParams) {
  return useListPositionTaskAssignments(params, { query: { placeholderData: keepPreviousData } });
}

export function useActivePositionOptions() {
  const list = useListPositions(undefined, { query: { select: (body) => body.positions } });
  const options = useMemo<Option[]>(
    () =>
      (list.data ?? [])
        .filter((p) => p.is_active)
        .map((p) => ({ value: p.id, label: `${p.position_code} – ${p.position_name}` })),
    [list.data],
  );
  return { options, loading: list.isPending };
}

export function useActiveTaskOptions() {
  const list = useListTasks(undefined, { query: { select: (body) => body.tasks } });
  const options = useMemo<Option[]>(
    () =>
      (list.data ?? [])
        .filter((task) => task.is_active)
        .map((task) => ({ value: task.id, label: `${task.task_code} – ${task.task_name}` })),
    [list.data],
  );
  return { options, loading: list.isPending };
}

export function useTemplateOptions() {
  const list = useListTaskTemplates(undefined, { query: { select: (body) => body.templates } });
  const options = useMemo<Option[]>(
    () =>
      (list.data ?? [])
        .filter((tpl) => tpl.is_active)
        .map((tpl) => ({ value: tpl.id, label: `${tpl.task_code} – ${tpl.task_name}` })),
    [list.data],
  );
  return { options, loading: list.isPending };
}

/**
 * Assignments, dependencies and the task lists that show assigned tasks all change together (a
 * bulk run, a delete that takes dependencies with it): refresh them all by path.
 */
const PATHS = ['/position-task-assignments', '/task-dependencies', '/tasks', '/unified-tasks'];

export function useRefreshAssignments() {
  const queryClient = useQueryClient();
  return () =>
    queryClient.invalidateQueries({
      predicate: (q) =>
        typeof q.queryKey[0] === 'string' && PATHS.some((p) => (q.queryKey[0] as string).startsWith(p)),
    });
}
