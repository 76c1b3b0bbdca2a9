/**
 * The bulk wizard's rules in one call and one transaction: existing-task rules become assignments
 * (the bulk-assign rules: an unknown or inactive position or task refused, an existing pair
 * skipped), template rules become task instances at each position (an unknown or inactive
 * template or position refused, a position with an open instance of the template skipped). A
 * refusal names its rule and field and lets the rest go on; a dry run is the same transaction
 * rolled back, so the preview is what the run will do.
 */
import { TASK_LIMITS } from '#domain/tasks.ts';
import type { Db } from '../../db/client.ts';
import { errors } from '../../lib/errors.ts';
import { positionStates } from '../../repositories/assignments.ts';
import { insertInstancesSkippingOpen, type NewInstance } from '../../repositories/tasks-instances.ts';
import { findTemplates } from '../../repositories/tasks-templates.ts';
import type { BulkRulesInput, BulkRulesOutcome } from '../../schemas/bulk-rules.ts';
import type { RequestContext } from '../../types.ts';
import { applyPairs, type Candidate, inTransactionOrDryRun } from './bulk.ts';

type Rule = BulkRulesInput['rules'][number];
type Refusal = BulkRulesOutcome['refused'][number];

/** Each rule gives task_ids or template_id, and all rules together stay within one call. */
function checkRules(rules: Rule[]): void {
  let pairs = 0;
  rules.forEach((rule, index) => {
    const both = rule.task_ids !== undefined && rule.template_id !== undefined;
    if (both || (rule.task_ids === undefined && rule.template_id === undefined)) {
      const message = both ? 'Give task_ids or template_id, not both' : 'Give task_ids or template_id';
      throw errors.badRequest(message, 'VALIDATION_ERROR', [
        {
          field: `rules.${index}.${both ? 'template_id' : 'task_ids'}`,
          message,
          rule: both ? 'oneOf' : 'required',
        },
      ]);
    }
    pairs += rule.position_ids.length * (rule.task_ids?.length ?? 1);
  });
  if (pairs > TASK_LIMITS.bulkPairsMax) {
    const message = `At most ${TASK_LIMITS.bulkPairsMax} position and task pairs at once`;
    throw errors.badRequest(message, 'TOO_MANY_PAIRS', [
      { field: 'rules', message, rule: 'maxItems', params: { max: TASK_LIMITS.bulkPairsMax } },
    ]);
  }
}

function pairsOf(rules: Rule[]): Candidate[] {
  return rules.flatMap((rule, index) =>
    (rule.task_ids ?? []).flatMap((taskId, j) =>
      rule.position_ids.map((positionId, k) => ({
        index,
        positionId,
        taskId,
        isPrimary: rule.is_primary ?? false,
        positionField: `rules.${index}.position_ids.${k}`,
        taskField: `rules.${index}.task_ids.${j}`,
      })),
    ),
  );
}

async function applyTemplates(tx: Db, ctx: RequestContext, rules: Rule[]) {
  const indexes = rules.flatMap((r, i) => (r.template_id === undefined ? [] : [i]));
  if (indexes.length === 0) return { counts: null, refused: [] as Refusal[], ids: [] as number[] };
  const templateIds = [...new Set(indexes.map((i) => rules[i].template_id as number))];
  const positionIds = [...new Set(indexes.flatMap((i) => rules[i].position_ids))];
  const templates = new Map((await findTemplates(tx, ctx.siteId, templateIds)).map((t) => [t.id, t]));
  const positionActive = new Map(
    (await positionStates(tx, ctx.siteId, positionIds)).map((p) => [p.id, p.isActive]),
  );

  const refused: Refusal[] = [];
  const values: NewInstance[] = [];
  const wanted = new Set<string>();
  let skipped = 0;
  for (const index of indexes) {
    const rule = rules[index];
    const templateId = rule.template_id as number;
    const template = templates.get(templateId);
    if (!template?.isActive) {
      refused.push({
        rule: index,
        field: `rules.${index}.template_id`,
        message: template ? 'This template is inactive' : 'Template not found',
        position_id: rule.position_ids[0],
        template_id: templateId,
      });
      continue;
    }
    rule.position_ids.forEach((positionId, k) => {
      const active = positionActive.get(positionId);
      if (active !== true) {
        refused.push({
          rule: index,
          field: `rules.${index}.position_ids.${k}`,
          message: active === undefined ? 'Position not found' : 'This position is inactive',
          position_id: positionId,
          template_id: templateId,
        });
        return;
      }
      const key = `${templateId}:${positionId}`;
      // The same template at the same position in two rules is one instance.
      if (wanted.has(key)) {
        skipped++;
        return;
      }
      wanted.add(key);
      values.push({
        positionId,
        templateId,
        taskCode: template.taskCode,
        taskName: template.taskName,
        description: template.description,
        category: template.category,
        priority: template.priority,
        durationMinutes: template.durationMinutes,
        isPrimary: rule.is_primary ?? false,
        isMandatory: true,
        specificNotes: null,
      });
    });
  }
  const inserted = await insertInstancesSkippingOpen(tx, ctx.siteId, values);
  // A position that has an open instance of the template already is left out by the insert.
  skipped += values.length - inserted.length;
  return { counts: { created: inserted.length, skipped }, refused, ids: inserted.map((r) => r.id) };
}

export async function runBulkRules(ctx: RequestContext, input: BulkRulesInput): Promise<BulkRulesOutcome> {
  checkRules(input.rules);
  const dryRun = input.dry_run === true;
  const pairs = pairsOf(input.rules);
  return inTransactionOrDryRun(ctx, dryRun, async (tx) => {
    const assigned = pairs.length > 0 ? await applyPairs(tx, ctx, pairs, dryRun) : null;
    const instances = await applyTemplates(tx, ctx, input.rules);
    const refused: Refusal[] = [
      ...(assigned?.refused ?? []).map(({ index, ...r }) => ({ rule: index, ...r })),
      ...instances.refused,
    ];
    const outcome = {
      dry_run: dryRun,
      assignments: assigned && { created: assigned.created, skipped: assigned.skipped_existing },
      instances: instances.counts,
      refused,
    };
    // One event for the call: counts, the assignments and task instances it made.
    const details = {
      assignments: outcome.assignments,
      instances: outcome.instances,
      refused: refused.length,
      assignment_ids: (assigned?.created_pairs ?? []).map((p) => `${p.position_id}:${p.task_id}`),
      task_instance_ids: instances.ids,
    };
    await ctx.audit(tx, { action: 'assignment.bulk_rules', entity: 'assignment', details });
    return outcome;
  });
}
