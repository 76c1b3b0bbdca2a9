/** What the wizard screen reads from the machine's snapshot. */
import type { SnapshotFrom } from 'xstate';
import type { BulkAssignmentMachine, BulkOutcome } from './bulk-assignment.machine.ts';

export type BulkAssignmentSnapshot = SnapshotFrom<BulkAssignmentMachine>;

export interface BulkAssignmentView {
  /** The PrimeReact Steps index: 0 method, 1 rules, 2 preview and execution. */
  step: 0 | 1 | 2;
  busy: boolean;
  previewLoading: boolean;
  previewFailed: boolean;
  previewReady: boolean;
  executing: boolean;
  executeFailed: boolean;
  /** Step 1's Next: only with at least one rule. */
  canPreview: boolean;
  /** Step 2's Run: a ready preview that would create something. */
  canExecute: boolean;
  /** Back is offered on steps 1 and 2 except while executing; cancel everywhere but there. */
  canBack: boolean;
  canCancel: boolean;
}

export function selectBulkAssignmentView(s: BulkAssignmentSnapshot): BulkAssignmentView {
  const step = s.hasTag('step2') ? 2 : s.hasTag('step1') ? 1 : 0;
  const executing = s.matches('executing');
  return {
    step,
    busy: s.hasTag('busy'),
    previewLoading: s.matches({ preview: 'loading' }),
    previewFailed: s.matches({ preview: 'failed' }),
    previewReady: s.matches({ preview: 'ready' }),
    executing,
    executeFailed: s.matches('executeFailed'),
    canPreview: s.matches('configure') && s.context.rules.length > 0,
    canExecute: s.can({ type: 'wizard.execute' }),
    canBack: step > 0 && !executing,
    canCancel: !executing,
  };
}

/** What a run did or would do, told as it is: all, part, nothing with refusals, or nothing to do. */
export type BulkVerdict = 'done' | 'partial' | 'refused' | 'nothing';

export function bulkVerdict(outcome: BulkOutcome): {
  verdict: BulkVerdict;
  created: number;
  refused: number;
} {
  const created = (outcome.assignments?.created ?? 0) + (outcome.instances?.created ?? 0);
  const refused = outcome.refused.length;
  const verdict = created > 0 ? (refused > 0 ? 'partial' : 'done') : refused > 0 ? 'refused' : 'nothing';
  return { verdict, created, refused };
}
