/**
 * The work entries screen's URL state: every filter and the sort, so a reload or a shared link
 * shows the same list. Kept apart from the screen so the registry imports it without the screen.
 */
import { dayParam, enumParam, idParam, textParam } from '../../components/routing/search-params.ts';
import { WORK_ENTRY_SORTS, WORK_ENTRY_STATUSES } from '../../domain/work-entries.ts';

export const validateWorkEntriesSearch = (search: Record<string, unknown>) => ({
  status: enumParam(search.status, WORK_ENTRY_STATUSES),
  worker: idParam(search.worker),
  position: idParam(search.position),
  task: idParam(search.task),
  /** First and last day, YYYY-MM-DD, in the site's time zone. */
  from: dayParam(search.from),
  to: dayParam(search.to),
  q: textParam(search.q, 100),
  /** The default, newest first, stays out of the URL. */
  sort: enumParam(search.sort, WORK_ENTRY_SORTS),
  order: enumParam(search.order, ['asc', 'desc'] as const),
  /** The archive tab: entries the auto-archive job moved, read-only. */
  archive: search.archive === true || search.archive === 'true' ? (true as const) : undefined,
  /** The entry open in the detail dialog (the dashboard's recent activity links here). */
  entry: idParam(search.entry),
});

/** Search keys that choose the view or its order rather than filter it. */
const NOT_FILTERS = new Set(['sort', 'order', 'archive', 'entry']);

/** Whether any filter is set (the empty message and Clear filters depend on it). */
export const filterCount = (search: WorkEntriesSearch) =>
  Object.entries(search).filter(([k, v]) => v !== undefined && !NOT_FILTERS.has(k)).length;
export const hasFilters = (search: WorkEntriesSearch) => filterCount(search) > 0;

/** The archive list's and export's parameters: its filters, and its one order (by creation time). */
export function archiveParams(search: WorkEntriesSearch) {
  return {
    status: search.status,
    user_id: search.worker,
    position_id: search.position,
    task_id: search.task,
    from: search.from,
    to: search.to,
    order: search.sort === undefined || search.sort === 'created' ? (search.order ?? 'desc') : 'desc',
  };
}

export type WorkEntriesSearch = ReturnType<typeof validateWorkEntriesSearch>;

/** The list's and the export's query parameters for a search. */
export function filterParams(search: WorkEntriesSearch) {
  return {
    status: search.status,
    user_id: search.worker,
    position_id: search.position,
    task_id: search.task,
    from: search.from,
    to: search.to,
    search: search.q,
    sort: search.sort ?? 'created',
    order: search.order ?? 'desc',
  };
}
