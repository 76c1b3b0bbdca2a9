/**
 * The bulk assignment machine for the wizard tab: started when the tab shows, with the real
 * actors and the dev inspector (VITE_XSTATE_INSPECT). A finished run refreshes the lists it changed;
 * that happens here, from the snapshot, because the machine does no I/O of its own; so does telling
 * the machine which tasks the site has.
 */
import { useMachine } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { TASK_LIMITS } from '../../domain/tasks.ts';
import { bulkAssignmentActors } from '../../machines/bulk-assignment/bulk-assignment.actors.ts';
import { bulkAssignmentMachine } from '../../machines/bulk-assignment/bulk-assignment.machine.ts';
import { selectBulkAssignmentView } from '../../machines/bulk-assignment/bulk-assignment.selectors.ts';
import { screenInspect } from '../../machines/inspect/dev-inspect.ts';
import { useRefreshAssignments } from './use-assignments-api.ts';

const liveMachine = bulkAssignmentMachine.provide({ actors: bulkAssignmentActors });

/** `knownTaskIds`: the site's active tasks once loaded (null before), against which typed ids are checked. */
export function useBulkWizard(knownTaskIds: number[] | null) {
  const [snapshot, send] = useMachine(liveMachine, {
    inspect: screenInspect,
    input: { pairsMax: TASK_LIMITS.bulkPairsMax },
  });
  useEffect(() => {
    if (knownTaskIds) send({ type: 'wizard.knowTasks', ids: knownTaskIds });
  }, [knownTaskIds, send]);
  const refresh = useRefreshAssignments();
  const result = snapshot.context.result;
  const seen = useRef(result);
  useEffect(() => {
    if (result && result !== seen.current) void refresh();
    seen.current = result;
  }, [result, refresh]);
  return { snapshot, send, view: selectBulkAssignmentView(snapshot) };
}

export type BulkWizard = ReturnType<typeof useBulkWizard>;
