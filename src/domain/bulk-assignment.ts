/**
 * The bulk assignment wizard's rules (spec §3 Bulk rule, §5): what makes a rule valid, the task
 * ids typed comma-separated, and the bulk-assign body the rules become (one entry per position:
 * the old portal sent one entry with an empty position_id, which the server refuses).
 */
import { TASK_LIMITS } from './tasks.ts';

export const BULK_METHODS = ['existing', 'template'] as const;
export type BulkMethod = (typeof BULK_METHODS)[number];

/** The rule being configured in step 1. */
export interface BulkRuleDraft {
  positionIds: number[];
  /** Existing tasks: ids as typed, comma-separated (the picker writes here too). */
  taskIdsText: string;
  /** From a template: the template's id. */
  templateId: number | null;
  isPrimary: boolean;
}

export interface BulkRule {
  id: number;
  method: BulkMethod;
  positionIds: number[];
  taskIds: number[];
  templateId: number | null;
  isPrimary: boolean;
}

export const EMPTY_DRAFT: BulkRuleDraft = {
  positionIds: [],
  taskIdsText: '',
  templateId: null,
  isPrimary: false,
};

/** Why a draft cannot be added (the screen words each one). */
export type BulkRuleProblem =
  | 'positionsRequired'
  | 'taskIdsRequired'
  | 'taskIdsInvalid'
  | 'templateRequired'
  | 'tooManyPairs';

/** Ids from '12, 13 ,14': positive whole numbers, duplicates dropped; anything else is `invalid`. */
export function parseTaskIds(text: string): { ids: number[]; invalid: string[] } {
  const ids: number[] = [];
  const invalid: string[] = [];
  for (const raw of text.split(',')) {
    const token = raw.trim();
    if (token === '') continue;
    const n = /^\d{1,10}$/.test(token) ? Number(token) : Number.NaN;
    if (Number.isSafeInteger(n) && n >= 1 && n <= 2_147_483_647) {
      if (!ids.includes(n)) ids.push(n);
    } else invalid.push(token);
  }
  return { ids, invalid };
}

/** Position × task pairs the rules stand for (a template rule counts one per position). */
export function pairCount(rules: readonly Pick<BulkRule, 'positionIds' | 'taskIds' | 'method'>[]): number {
  return rules.reduce(
    (sum, r) => sum + r.positionIds.length * (r.method === 'existing' ? r.taskIds.length : 1),
    0,
  );
}

/**
 * Spec §5: an existing-tasks rule needs a position and a task id; a template rule needs positions
 * and a template. Beyond it: typed ids must be ids, and all rules together stay within one call.
 */
export function ruleProblem(
  method: BulkMethod,
  draft: BulkRuleDraft,
  rules: readonly BulkRule[] = [],
): BulkRuleProblem | null {
  if (draft.positionIds.length === 0) return 'positionsRequired';
  if (method === 'template') return draft.templateId === null ? 'templateRequired' : null;
  const { ids, invalid } = parseTaskIds(draft.taskIdsText);
  if (invalid.length > 0) return 'taskIdsInvalid';
  if (ids.length === 0) return 'taskIdsRequired';
  const pairs = pairCount([...rules, { method, positionIds: draft.positionIds, taskIds: ids }]);
  return pairs > TASK_LIMITS.bulkPairsMax ? 'tooManyPairs' : null;
}

export function toRule(id: number, method: BulkMethod, draft: BulkRuleDraft): BulkRule {
  return {
    id,
    method,
    positionIds: [...new Set(draft.positionIds)],
    taskIds: method === 'existing' ? parseTaskIds(draft.taskIdsText).ids : [],
    templateId: method === 'template' ? draft.templateId : null,
    isPrimary: draft.isPrimary,
  };
}

export interface BulkAssignEntry {
  position_id: number;
  task_ids: number[];
  overrides: { is_primary: boolean };
}

/**
 * The existing-task rules as bulk-assign entries, one per rule and position, with the rule each
 * entry came from (the server's refusals name entries by index).
 */
export function toBulkAssignEntries(rules: readonly BulkRule[]): {
  entries: BulkAssignEntry[];
  ruleOf: number[];
} {
  const entries: BulkAssignEntry[] = [];
  const ruleOf: number[] = [];
  for (const rule of rules) {
    if (rule.method !== 'existing') continue;
    for (const positionId of rule.positionIds) {
      entries.push({
        position_id: positionId,
        task_ids: rule.taskIds,
        overrides: { is_primary: rule.isPrimary },
      });
      ruleOf.push(rule.id);
    }
  }
  return { entries, ruleOf };
}

/** What a preview or an execution reports (created, skipped, refused), per kind of rule. */
export interface BulkCounts {
  created: number;
  skipped: number;
}

export interface BulkRefusal {
  ruleId: number;
  positionId: number;
  taskId?: number;
  templateId?: number;
  /** The server's words. */
  message: string;
}

export interface BulkOutcome {
  /** Existing-task rules: assignments. Null when there were none. */
  assignments: BulkCounts | null;
  /** Template rules: task instances created from the template. Null when there were none. */
  instances: BulkCounts | null;
  refused: BulkRefusal[];
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
