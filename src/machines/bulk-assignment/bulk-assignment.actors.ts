/**
 * The real effects of the bulk assignment wizard, on the generated client. Supplied with
 * bulkAssignmentMachine.provide({ actors: bulkAssignmentActors }).
 *
 * Existing-task rules: one POST /position-task-assignments/bulk-assign for all of them (one entry
 * per rule and position), `dry_run: true` for the preview, so preview and result are the same
 * server code path.
 *
 * Template rules: the template's task is created as a task instance at each position of the rule
 * (POST /unified-tasks/instances/from-template, at most 1,000 positions a call). That call has no
 * dry run, so the preview reads the template's open instances (GET
 * /unified-tasks/templates/{id}/instances): a position that has one is skipped by the server, the
 * others get one. A template or position deactivated between preview and execution is refused by
 * the server at execution and reported as refused.
 */
import { fromCallback, fromPromise } from 'xstate';
import { isApiError } from '../../api/api-error.ts';
import { bulkAssignPositionTasks } from '../../api/gen/position-task-assignments/position-task-assignments.ts';
import {
  createTaskInstancesFromTemplate,
  listTaskTemplateInstances,
} from '../../api/gen/unified-tasks/unified-tasks.ts';
import {
  type BulkOutcome,
  type BulkRefusal,
  type BulkRule,
  toBulkAssignEntries,
} from '../../domain/bulk-assignment.ts';
import { TASK_LIMITS } from '../../domain/tasks.ts';
import { type ExecutionEvent, messageOf, type RulesInput } from './bulk-assignment.machine.ts';

const PAGE = TASK_LIMITS.pageSizeMax;

async function assignExisting(rules: BulkRule[], dryRun: boolean, signal?: AbortSignal) {
  const { entries, ruleOf } = toBulkAssignEntries(rules);
  if (entries.length === 0) return null;
  const answer = await bulkAssignPositionTasks({ assignments: entries, dry_run: dryRun }, undefined, signal);
  return {
    counts: { created: answer.created, skipped: answer.skipped_existing },
    refused: answer.refused.map(
      (r): BulkRefusal => ({
        ruleId: ruleOf[r.index],
        positionId: r.position_id,
        ...(r.task_id === undefined ? {} : { taskId: r.task_id }),
        message: r.message,
      }),
    ),
  };
}

/** Positions that have an open instance of the template (the server skips those). */
async function positionsWithOpenInstance(templateId: number, signal?: AbortSignal): Promise<Set<number>> {
  const found = new Set<number>();
  for (let offset = 0; ; offset += PAGE) {
    const page = await listTaskTemplateInstances(
      templateId,
      { includeCompleted: false, limit: PAGE, offset },
      undefined,
      signal,
    );
    for (const i of page.instances) found.add(i.position_id);
    if (page.instances.length < PAGE || offset + PAGE >= page.total) return found;
  }
}

const templateRules = (rules: BulkRule[]) =>
  rules.filter((r) => r.method === 'template' && r.templateId !== null);

function add(a: BulkOutcome['instances'], created: number, skipped: number) {
  return { created: (a?.created ?? 0) + created, skipped: (a?.skipped ?? 0) + skipped };
}

function chunks<T>(list: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

async function preview({ rules }: RulesInput, signal?: AbortSignal): Promise<BulkOutcome> {
  const existing = await assignExisting(rules, true, signal);
  let instances: BulkOutcome['instances'] = null;
  for (const rule of templateRules(rules)) {
    const open = await positionsWithOpenInstance(rule.templateId as number, signal);
    const skipped = rule.positionIds.filter((p) => open.has(p)).length;
    instances = add(instances, rule.positionIds.length - skipped, skipped);
  }
  return { assignments: existing?.counts ?? null, instances, refused: existing?.refused ?? [] };
}

/** A template call the server refused on its input (400): that rule is refused, the rest go on. */
function refusalOf(rule: BulkRule, error: unknown): BulkRefusal | null {
  if (!isApiError(error) || error.status !== 400) return null;
  const id = error.details[0]?.params?.id;
  const positionId = typeof id === 'number' && rule.positionIds.includes(id) ? id : rule.positionIds[0];
  return { ruleId: rule.id, positionId, templateId: rule.templateId ?? undefined, message: error.message };
}

async function execute(
  { rules }: RulesInput,
  report: (event: ExecutionEvent) => void,
  signal: AbortSignal,
): Promise<BulkOutcome> {
  const templates = templateRules(rules);
  const hasExisting = toBulkAssignEntries(rules).entries.length > 0;
  const calls = templates.reduce(
    (n, r) => n + Math.ceil(r.positionIds.length / TASK_LIMITS.bulkPositionsMax),
    hasExisting ? 1 : 0,
  );
  let done = 0;
  report({ type: 'execution.progress', done, total: calls });
  const existing = await assignExisting(rules, false, signal);
  if (existing) report({ type: 'execution.progress', done: ++done, total: calls });
  const refused = [...(existing?.refused ?? [])];
  let instances: BulkOutcome['instances'] = null;
  for (const rule of templates) {
    for (const positions of chunks(rule.positionIds, TASK_LIMITS.bulkPositionsMax)) {
      try {
        const answer = await createTaskInstancesFromTemplate(
          { template_id: rule.templateId as number, positions, is_primary: rule.isPrimary },
          undefined,
          signal,
        );
        instances = add(instances, answer.created_count, answer.skipped_count);
      } catch (error) {
        const refusal = refusalOf(rule, error);
        if (!refusal) throw error;
        refused.push(refusal);
      }
      report({ type: 'execution.progress', done: ++done, total: calls });
    }
  }
  return { assignments: existing?.counts ?? null, instances, refused };
}

export const bulkAssignmentActors = {
  previewRules: fromPromise<BulkOutcome, RulesInput>(({ input, signal }) => preview(input, signal)),
  executeRules: fromCallback<ExecutionEvent, RulesInput>(({ input, sendBack }) => {
    const abort = new AbortController();
    execute(input, sendBack, abort.signal).then(
      (outcome) => sendBack({ type: 'execution.done', outcome }),
      (error) => {
        if (!abort.signal.aborted) sendBack({ type: 'execution.failed', message: messageOf(error) });
      },
    );
    return () => abort.abort();
  }),
};
