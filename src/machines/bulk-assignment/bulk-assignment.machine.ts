/**
 * The bulk assignment wizard (spec §2, §4; issue 8 §2). Step 0 chooses the method (existing tasks
 * or from a template), step 1 configures rules (a rule is refused with the reason spec §5 gives),
 * step 2 previews what the server would do and executes it with progress. A successful execution
 * clears the rules and returns to step 0 with the result; a failed one keeps them for a retry.
 * Back and cancel work from every step except while the execution runs (the server is already
 * writing; a cancel there would be a lie).
 *
 * No React, no fetch: the preview and the execution are actors supplied with .provide() (see
 * bulk-assignment.actors.ts; the defaults below only fail loudly). Pastes into the Stately
 * visualizer as it is.
 */
import { assign, fromCallback, fromPromise, setup } from 'xstate';
import {
  type BulkMethod,
  type BulkOutcome,
  type BulkRule,
  type BulkRuleDraft,
  type BulkRuleProblem,
  EMPTY_DRAFT,
  ruleProblem,
  toRule,
} from '../../domain/bulk-assignment.ts';

export interface BulkProgress {
  done: number;
  total: number;
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
  progress: BulkProgress | null;
  /** The last execution's outcome, shown on step 0 after the wizard returned there. */
  result: BulkOutcome | null;
  /** The server's words for a failed preview or execution. */
  error: string | null;
}

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
  | ExecutionEvent;

/** What the execution actor reports back while it runs. */
export type ExecutionEvent =
  | { type: 'execution.progress'; done: number; total: number }
  | { type: 'execution.done'; outcome: BulkOutcome }
  | { type: 'execution.failed'; message: string };

export interface RulesInput {
  rules: BulkRule[];
}

/** The message of a failed call (the API client's errors carry the server's message). */
export function messageOf(error: unknown): string {
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message !== '' ? message : 'Request failed';
}

function notProvided(name: string): never {
  throw new Error(`bulk assignment machine: actor '${name}' was not provided`);
}

const cleared = {
  draft: EMPTY_DRAFT,
  draftProblem: null,
  rules: [],
  preview: null,
  progress: null,
  error: null,
} satisfies Partial<BulkAssignmentContext>;

export const bulkAssignmentMachine = setup({
  types: {
    context: {} as BulkAssignmentContext,
    events: {} as BulkAssignmentEvent,
  },
  actors: {
    previewRules: fromPromise<BulkOutcome, RulesInput>(async () => notProvided('previewRules')),
    executeRules: fromCallback<ExecutionEvent, RulesInput>(({ sendBack }) => {
      sendBack({ type: 'execution.failed', message: "actor 'executeRules' was not provided" });
    }),
  },
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
      draftProblem: ruleProblem(context.method, context.draft, context.rules),
    })),
    removeRule: assign(({ context }, params: { id: number }) => ({
      rules: context.rules.filter((r) => r.id !== params.id),
    })),
    setPreview: assign((_, params: { preview: BulkOutcome }) => ({ preview: params.preview, error: null })),
    clearPreview: assign({ preview: null, error: null }),
    setError: assign((_, params: { message: string }) => ({ error: params.message })),
    startProgress: assign({ progress: null, error: null }),
    setProgress: assign((_, params: BulkProgress) => ({
      progress: { done: params.done, total: params.total },
    })),
    finish: assign((_, params: { outcome: BulkOutcome }) => ({ ...cleared, result: params.outcome })),
    reset: assign({ ...cleared, result: null }),
    dismissResult: assign({ result: null }),
  },
  guards: {
    draftIsValid: ({ context }) => ruleProblem(context.method, context.draft, context.rules) === null,
    hasRules: ({ context }) => context.rules.length > 0,
  },
}).createMachine({
  id: 'bulkAssignment',
  context: {
    method: 'existing',
    draft: EMPTY_DRAFT,
    draftProblem: null,
    rules: [],
    nextRuleId: 1,
    preview: null,
    progress: null,
    result: null,
    error: null,
  },
  initial: 'method',
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
            onDone: {
              target: 'ready',
              actions: { type: 'setPreview', params: ({ event }) => ({ preview: event.output }) },
            },
            onError: {
              target: 'failed',
              actions: { type: 'setError', params: ({ event }) => ({ message: messageOf(event.error) }) },
            },
          },
        },
        failed: { on: { 'wizard.retry': { target: 'loading' } } },
        ready: { on: { 'wizard.execute': { target: '#bulkAssignment.executing' } } },
      },
    },
    executing: {
      description: 'Step 2: the rules are written; progress per server call.',
      tags: ['step2', 'busy'],
      entry: 'startProgress',
      invoke: {
        id: 'executeRules',
        src: 'executeRules',
        input: ({ context }) => ({ rules: context.rules }),
      },
      on: {
        'execution.progress': {
          actions: { type: 'setProgress', params: ({ event }) => ({ done: event.done, total: event.total }) },
        },
        'execution.done': {
          target: 'method',
          actions: { type: 'finish', params: ({ event }) => ({ outcome: event.outcome }) },
        },
        'execution.failed': {
          target: 'executeFailed',
          actions: { type: 'setError', params: ({ event }) => ({ message: event.message }) },
        },
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
