/**
 * The task screen's URL state: which view and tab, the chosen position and the filters, so a
 * reload or a shared link shows the same list. Apart from the screen, so the registry can import
 * it without the screen's chunk. Defaults are undefined (instances view, assigned tab).
 */
import { booleanParam, enumParam, idParam, textParam } from '../../components/routing/search-params.ts';
import { TASK_CATEGORIES, TASK_LIMITS } from '../../domain/tasks.ts';

export const validateTasksSearch = (search: Record<string, unknown>) => {
  const priority = idParam(search.priority);
  return {
    /** The template library instead of the task instances (a toggle). */
    view: enumParam(search.view, ['templates'] as const),
    /** Position Tasks tab; assigned tasks by default. */
    tab: enumParam(search.tab, ['available', 'all'] as const),
    position: idParam(search.position),
    completed: booleanParam(search.completed),
    q: textParam(search.q, TASK_LIMITS.searchMax),
    category: enumParam(search.category, TASK_CATEGORIES),
    /** Template library only. */
    priority: priority !== undefined && priority <= TASK_LIMITS.priorityMax ? priority : undefined,
  };
};

export type TasksSearch = ReturnType<typeof validateTasksSearch>;
