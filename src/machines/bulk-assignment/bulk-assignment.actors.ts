/**
 * The real effects of the bulk assignment wizard, on the generated client. Supplied with
 * bulkAssignmentMachine.provide({ actors: bulkAssignmentActors }).
 *
 * Both are one POST /position-task-assignments/bulk-rules with every rule: `dry_run: true` for
 * the preview, so the preview is the run itself rolled back by the server, and the run is one
 * transaction. A failed call becomes a failure of a kind the machine knows.
 */
import { fromPromise } from 'xstate';
import { isApiError } from '../../api/api-error.ts';
import { runBulkRules } from '../../api/gen/position-task-assignments/position-task-assignments.ts';
import type { BulkCallResult, BulkFailure, BulkRule, RulesInput } from './bulk-assignment.machine.ts';

/** The rules as the server's body: one rule each, with its own positions. */
export function bulkRulesBody(rules: BulkRule[], dryRun: boolean) {
  return {
    dry_run: dryRun,
    rules: rules.map((r) =>
      r.method === 'existing'
        ? { position_ids: r.positionIds, task_ids: r.taskIds, is_primary: r.isPrimary }
        : { position_ids: r.positionIds, template_id: r.templateId as number, is_primary: r.isPrimary },
    ),
  };
}

/** The kind of a failed call: what the wizard can tell the user to do about it. */
export function failureOf(error: unknown): BulkFailure {
  if (isApiError(error)) {
    const kind =
      error.status === 409 || error.status === 404
        ? 'stale'
        : error.status === 400 || error.status === 422
          ? 'invalid'
          : error.status === 401 || error.status === 403
            ? 'refused'
            : 'failed';
    return { kind, message: error.message };
  }
  const message = (error as { message?: unknown } | null)?.message;
  return {
    kind: 'failed',
    message: typeof message === 'string' && message !== '' ? message : 'Request failed',
  };
}

async function call({ rules }: RulesInput, dryRun: boolean, signal?: AbortSignal): Promise<BulkCallResult> {
  try {
    const answer = await runBulkRules(bulkRulesBody(rules, dryRun), undefined, signal);
    return {
      ok: true,
      outcome: {
        assignments: answer.assignments,
        instances: answer.instances,
        refused: answer.refused.map((r) => ({
          ruleId: rules[r.rule]?.id ?? r.rule + 1,
          positionId: r.position_id,
          ...(r.task_id === undefined ? {} : { taskId: r.task_id }),
          ...(r.template_id === undefined ? {} : { templateId: r.template_id }),
          message: r.message,
        })),
      },
    };
  } catch (error) {
    return { ok: false, failure: failureOf(error) };
  }
}

export const bulkAssignmentActors = {
  previewRules: fromPromise<BulkCallResult, RulesInput>(({ input, signal }) => call(input, true, signal)),
  // The run is not aborted on leaving the step: the server is writing, and its answer still counts.
  executeRules: fromPromise<BulkCallResult, RulesInput>(({ input }) => call(input, false)),
};
