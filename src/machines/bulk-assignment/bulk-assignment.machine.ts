/**
 * The bulk assignment wizard. Step 0 chooses the method (existing tasks or from a template), step 1
 * configures rules (a rule is refused with its reason), step 2 previews what the server would do
 * and runs it. A successful run clears the rules and returns to step 0 with the result; a failed
 * one keeps them for a retry. Back and cancel work from every step except while the run is on
 * (the server is already writing; a cancel there would be a lie). A preview that would create
 * nothing cannot be run. Typed task ids are checked against the site's tasks once the screen has
 * told the machine which exist (`wizard.knowTasks`).
 *
 * The server does both the preview and the run in one call each (a dry run is the run rolled
 * back). The actors (bulk-assignment.actors.ts) answer with an outcome or a failure of a kind the
 * machine knows (stale, invalid, refused, failed), so nothing here reads HTTP. No React, no fetch,
 * no imports of values: the file pastes into the Stately visualizer as it is.
 */
import { assign, fromPromise, setup } from 'xstate';

/** The server's limit of position and task pairs in one call, unless the wizard's input says otherwise. */
const DEFAULT_PAIRS_MAX = 10_000;

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
  | 'taskIdsUnknown'
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

/**
 * The typed ids checked at once against the site's tasks: what is not an id, and ids no active
 * task of the site has (`known` null: the tasks are not loaded yet, so nothing is called unknown).
 */
export function typedTaskIdsCheck(
  text: string,
  known: readonly number[] | null,
): { ids: number[]; invalid: string[]; unknown: number[] } {
  const { ids, invalid } = parseTaskIds(text);
  const unknown = known === null ? [] : ids.filter((id) => !known.includes(id));
  return { ids, invalid, unknown };
}

/** Position × task pairs the rules stand for (a template rule counts one per position). */
export function pairCount(rules: readonly Pick<BulkRule, 'positionIds' | 'taskIds' | 'method'>[]): number {
  return rules.reduce(
    (sum, r) => sum + r.positionIds.length * (r.method === 'existing' ? r.taskIds.length : 1),
    0,
  );
}

/**
 * An existing-tasks rule needs a position and a task id; a template rule needs positions and a
 * template. Beyond that: typed ids must be ids of the site's active tasks (once they are known), and all rules together stay within one call
 * (`pairsMax`, the server's limit, which the wizard is given as its input).
 */
export function ruleProblem(
  method: BulkMethod,
  draft: BulkRuleDraft,
  rules: readonly BulkRule[] = [],
  pairsMax = DEFAULT_PAIRS_MAX,
  knownTaskIds: readonly number[] | null = null,
): BulkRuleProblem | null {
  if (draft.positionIds.length === 0) return 'positionsRequired';
  if (method === 'template') return draft.templateId === null ? 'templateRequired' : null;
  const { ids, invalid, unknown } = typedTaskIdsCheck(draft.taskIdsText, knownTaskIds);
  if (invalid.length > 0) return 'taskIdsInvalid';
  if (ids.length === 0) return 'taskIdsRequired';
  if (unknown.length > 0) return 'taskIdsUnknown';
  const pairs = pairCount([...rules, { method, positionIds: draft.positionIds, taskIds: ids }]);
  return pairs > pairsMax ? 'tooManyPairs' : null;
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

export interface BulkAssignmentContext {
  method: BulkMethod;
  draft: BulkRuleDraft;
  /** Why the last add was refused; cleared by the next edit. */
  draftProblem: BulkRuleProblem | null;
  rules: BulkRule[];
  nextRuleId: number;
  /** The server's dry run of the rules (step 2). */
  preview: BulkOutcome | null;
  /** The last execution's outcome, shown on step 0 after the wizard returned there. */
  result: BulkOutcome | null;
  /** Why the last preview or run failed. */
  error: BulkFailure | null;
  /** The server's limit of pairs in one call. */
  pairsMax: number;
  /** The site's active task ids, once loaded (typed ids are checked against them); null before. */
  knownTaskIds: number[] | null;
}

/**
 * Why a call failed: the data changed under the rules (stale), the server found the rules
 * invalid, the viewer may not do this (refused), or anything else (failed, with the server's words).
 */
export interface BulkFailure {
  kind: 'stale' | 'invalid' | 'refused' | 'failed';
  message: string;
}

/** What the preview and the run answer. */
export type BulkCallResult = { ok: true; outcome: BulkOutcome } | { ok: false; failure: BulkFailure };

export type BulkAssignmentEvent =
  | { type: 'wizard.chooseMethod'; method: BulkMethod }
  | { type: 'wizard.next' }
  | { type: 'wizard.back' }
  | { type: 'wizard.cancel' }
  | { type: 'wizard.editDraft'; patch: Partial<BulkRuleDraft> }
  | { type: 'wizard.addRule' }
  | { type: 'wizard.removeRule'; id: number }
  | { type: 'wizard.execute' }
  | { type: 'wizard.retry' }
  | { type: 'wizard.dismissResult' }
  | { type: 'wizard.knowTasks'; ids: number[] };

export interface RulesInput {
  rules: BulkRule[];
}

/** An actor that threw instead of answering (a defect, not a server answer). */
const UNEXPECTED: BulkFailure = { kind: 'failed', message: 'Request failed' };

const notProvided = fromPromise<BulkCallResult, RulesInput>(async () => ({
  ok: false,
  failure: { kind: 'failed', message: 'The wizard’s server calls were not provided' },
}));

const cleared = {
  draft: EMPTY_DRAFT,
  draftProblem: null,
  rules: [],
  preview: null,
  error: null,
} satisfies Partial<BulkAssignmentContext>;

export const bulkAssignmentMachine = setup({
  types: {
    context: {} as BulkAssignmentContext,
    events: {} as BulkAssignmentEvent,
    input: {} as { pairsMax?: number },
  },
  actors: { previewRules: notProvided, executeRules: notProvided },
  actions: {
    setMethod: assign((_, params: { method: BulkMethod }) => ({ method: params.method })),
    editDraft: assign(({ context }, params: { patch: Partial<BulkRuleDraft> }) => ({
      draft: { ...context.draft, ...params.patch },
      draftProblem: null,
    })),
    addRule: assign(({ context }) => ({
      rules: [...context.rules, toRule(context.nextRuleId, context.method, context.draft)],
      nextRuleId: context.nextRuleId + 1,
      draft: EMPTY_DRAFT,
      draftProblem: null,
    })),
    refuseDraft: assign(({ context }) => ({
      draftProblem: ruleProblem(
        context.method,
        context.draft,
        context.rules,
        context.pairsMax,
        context.knownTaskIds,
      ),
    })),
    removeRule: assign(({ context }, params: { id: number }) => ({
      rules: context.rules.filter((r) => r.id !== params.id),
    })),
    setPreview: assign((_, params: { result: BulkCallResult }) => ({
      preview: params.result.ok ? params.result.outcome : null,
      error: null,
    })),
    clearPreview: assign({ preview: null, error: null }),
    setFailure: assign((_, params: { result: BulkCallResult | null }) => ({
      error: params.result && !params.result.ok ? params.result.failure : UNEXPECTED,
    })),
    clearError: assign({ error: null }),
    finish: assign((_, params: { result: BulkCallResult }) => ({
      ...cleared,
      result: params.result.ok ? params.result.outcome : null,
    })),
    reset: assign({ ...cleared, result: null }),
    dismissResult: assign({ result: null }),
    knowTasks: assign((_, params: { ids: number[] }) => ({ knownTaskIds: params.ids })),
  },
  guards: {
    draftIsValid: ({ context }) =>
      ruleProblem(context.method, context.draft, context.rules, context.pairsMax, context.knownTaskIds) ===
      null,
    /** Run only what would create something: a preview of nothing (all skipped or refused) runs nothing. */
    previewCreates: ({ context }) =>
      context.preview !== null &&
      (context.preview.assignments?.created ?? 0) + (context.preview.instances?.created ?? 0) > 0,
    hasRules: ({ context }) => context.rules.length > 0,
    succeeded: (_, params: { result: BulkCallResult }) => params.result.ok,
  },
}).createMachine({
  id: 'bulkAssignment',
  context: ({ input }) => ({
    method: 'existing',
    draft: EMPTY_DRAFT,
    draftProblem: null,
    rules: [],
    nextRuleId: 1,
    preview: null,
    result: null,
    error: null,
    pairsMax: input?.pairsMax ?? DEFAULT_PAIRS_MAX,
    knownTaskIds: null,
  }),
  initial: 'method',
  on: {
    // The site's task list arrives (and may change) whenever its query answers.
    'wizard.knowTasks': { actions: { type: 'knowTasks', params: ({ event }) => ({ ids: event.ids }) } },
  },
  states: {
    method: {
      description: 'Step 0: existing tasks (ids comma-separated or picked) or from a template.',
      tags: ['step0'],
      on: {
        'wizard.chooseMethod': {
          actions: { type: 'setMethod', params: ({ event }) => ({ method: event.method }) },
        },
        'wizard.next': { target: 'configure' },
        'wizard.dismissResult': { actions: 'dismissResult' },
        'wizard.cancel': { actions: 'reset' },
      },
    },
    configure: {
      description: 'Step 1: positions, tasks or template, is_primary; add and remove rules.',
      tags: ['step1'],
      on: {
        'wizard.editDraft': {
          actions: { type: 'editDraft', params: ({ event }) => ({ patch: event.patch }) },
        },
        'wizard.addRule': [{ guard: 'draftIsValid', actions: 'addRule' }, { actions: 'refuseDraft' }],
        'wizard.removeRule': { actions: { type: 'removeRule', params: ({ event }) => ({ id: event.id }) } },
        'wizard.next': { guard: 'hasRules', target: 'preview' },
        'wizard.back': { target: 'method' },
        'wizard.cancel': { target: 'method', actions: 'reset' },
      },
    },
    preview: {
      description: 'Step 2: the server’s dry run of the rules, then execute.',
      tags: ['step2'],
      initial: 'loading',
      on: {
        'wizard.back': { target: 'configure', actions: 'clearPreview' },
        'wizard.cancel': { target: 'method', actions: 'reset' },
      },
      states: {
        loading: {
          tags: ['busy'],
          entry: 'clearPreview',
          invoke: {
            id: 'previewRules',
            src: 'previewRules',
            input: ({ context }) => ({ rules: context.rules }),
            onDone: [
              {
                guard: { type: 'succeeded', params: ({ event }) => ({ result: event.output }) },
                target: 'ready',
                actions: { type: 'setPreview', params: ({ event }) => ({ result: event.output }) },
              },
              {
                target: 'failed',
                actions: { type: 'setFailure', params: ({ event }) => ({ result: event.output }) },
              },
            ],
            onError: { target: 'failed', actions: { type: 'setFailure', params: { result: null } } },
          },
        },
        failed: { on: { 'wizard.retry': { target: 'loading' } } },
        ready: {
          on: { 'wizard.execute': { guard: 'previewCreates', target: '#bulkAssignment.executing' } },
        },
      },
    },
    executing: {
      description: 'Step 2: the rules are written, in one server call and one transaction.',
      tags: ['step2', 'busy'],
      entry: 'clearError',
      invoke: {
        id: 'executeRules',
        src: 'executeRules',
        input: ({ context }) => ({ rules: context.rules }),
        onDone: [
          {
            guard: { type: 'succeeded', params: ({ event }) => ({ result: event.output }) },
            target: 'method',
            actions: { type: 'finish', params: ({ event }) => ({ result: event.output }) },
          },
          {
            target: 'executeFailed',
            actions: { type: 'setFailure', params: ({ event }) => ({ result: event.output }) },
          },
        ],
        onError: { target: 'executeFailed', actions: { type: 'setFailure', params: { result: null } } },
      },
    },
    executeFailed: {
      description: 'Step 2: the execution failed; the rules are kept to retry.',
      tags: ['step2'],
      on: {
        'wizard.retry': { target: 'executing' },
        'wizard.back': { target: 'configure', actions: 'clearPreview' },
        'wizard.cancel': { target: 'method', actions: 'reset' },
      },
    },
  },
});

export type BulkAssignmentMachine = typeof bulkAssignmentMachine;
