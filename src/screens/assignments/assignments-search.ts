/** The assignments screen's URL state: the tab, the list filters and the dependency tree's position. */
import { enumParam, idParam } from '../../components/routing/search-params.ts';

export const ASSIGNMENT_TABS = ['assignments', 'bulk', 'dependencies'] as const;
export type AssignmentTab = (typeof ASSIGNMENT_TABS)[number];

export const validateAssignmentsSearch = (s: Record<string, unknown>) => ({
  tab: enumParam(s.tab, ASSIGNMENT_TABS),
  /** Assignments tab: only this position's / this task's rows. */
  position: idParam(s.position),
  task: idParam(s.task),
  /** Dependencies tab: the position whose tree shows. */
  tree: idParam(s.tree),
});

export type AssignmentsSearch = ReturnType<typeof validateAssignmentsSearch>;
