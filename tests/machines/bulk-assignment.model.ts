/**
 * The abstract model of the bulk assignment wizard that createTestModel walks. No invocations: the
 * server's answers (preview and run answered with an outcome or a failure, or an actor that threw) are
 * events of their own, executed against the real actor by settling its fake actors
 * (bulk-assignment.harness.ts). Rules are bounded at two to keep the graph finite.
 */
import { assign, setup } from 'xstate';

export interface WizardModelContext {
  method: 'existing' | 'template';
  /** The draft as filled would pass the rule check (positions, and task ids or a template). */
  draftValid: boolean;
  /** The last add was refused and its reason shows. */
  problem: boolean;
  rules: number;
  result: boolean;
  /** The preview says nothing would be created (all skipped or refused): Run is refused. */
  empty: boolean;
}

export type WizardModelEvent =
  | { type: 'wizard.chooseExisting' }
  | { type: 'wizard.chooseTemplate' }
  | { type: 'wizard.next' }
  | { type: 'wizard.back' }
  | { type: 'wizard.cancel' }
  | { type: 'wizard.fillDraft' }
  | { type: 'wizard.clearDraft' }
  | { type: 'wizard.typeUnknownTask' }
  | { type: 'wizard.addRule' }
  | { type: 'wizard.removeRule' }
  | { type: 'wizard.execute' }
  | { type: 'wizard.retry' }
  | { type: 'wizard.dismissResult' }
  | { type: 'preview.resolve' }
  | { type: 'preview.resolveEmpty' }
  | { type: 'preview.reject' }
  | { type: 'preview.throw' }
  | { type: 'execution.throw' }
  | { type: 'execution.resolve' }
  | { type: 'execution.reject' };

const reset = { draftValid: false, problem: false, rules: 0, result: false, empty: false } as const;

export const wizardModel = setup({
  types: { context: {} as WizardModelContext, events: {} as WizardModelEvent },
  actions: { reset: assign({ ...reset }) },
  guards: {
    canAdd: ({ context }) => context.draftValid && context.rules < 2,
    refused: ({ context }) => !context.draftValid,
    hasRules: ({ context }) => context.rules > 0,
    hasResult: ({ context }) => context.result,
    creates: ({ context }) => !context.empty,
  },
}).createMachine({
  id: 'model',
  context: { method: 'existing', ...reset },
  initial: 'method',
  states: {
    method: {
      on: {
        'wizard.chooseExisting': { actions: assign({ method: 'existing' }) },
        'wizard.chooseTemplate': { actions: assign({ method: 'template' }) },
        'wizard.next': 'configure',
        'wizard.dismissResult': { guard: 'hasResult', actions: assign({ result: false }) },
        'wizard.cancel': { actions: 'reset' },
      },
    },
    configure: {
      on: {
        'wizard.fillDraft': { actions: assign({ draftValid: true, problem: false }) },
        'wizard.clearDraft': { actions: assign({ draftValid: false, problem: false }) },
        // A typed id no task of the site has: the draft cannot be added.
        'wizard.typeUnknownTask': { actions: assign({ draftValid: false, problem: false }) },
        'wizard.addRule': [
          {
            guard: 'canAdd',
            actions: assign({ rules: ({ context }) => context.rules + 1, draftValid: false, problem: false }),
          },
          { guard: 'refused', actions: assign({ problem: true }) },
        ],
        'wizard.removeRule': {
          guard: 'hasRules',
          actions: assign({ rules: ({ context }) => context.rules - 1 }),
        },
        'wizard.next': { guard: 'hasRules', target: 'preview' },
        'wizard.back': 'method',
        'wizard.cancel': { target: 'method', actions: 'reset' },
      },
    },
    preview: {
      initial: 'loading',
      on: {
        'wizard.back': 'configure',
        'wizard.cancel': { target: 'method', actions: 'reset' },
      },
      states: {
        loading: {
          on: {
            'preview.resolve': { target: 'ready', actions: assign({ empty: false }) },
            'preview.resolveEmpty': { target: 'ready', actions: assign({ empty: true }) },
            'preview.reject': 'failed',
            'preview.throw': 'failed',
          },
        },
        failed: { on: { 'wizard.retry': 'loading' } },
        ready: {
          on: { 'wizard.execute': { guard: 'creates', target: '#model.executing' } },
        },
      },
    },
    executing: {
      on: {
        'execution.resolve': { target: 'method', actions: assign({ ...reset, result: true }) },
        'execution.reject': 'executeFailed',
        'execution.throw': 'executeFailed',
      },
    },
    executeFailed: {
      on: {
        'wizard.retry': 'executing',
        'wizard.back': 'configure',
        'wizard.cancel': { target: 'method', actions: 'reset' },
      },
    },
  },
});
