/**
 * Drives the real bulk assignment machine for one model path: fake preview and run actors the path
 * answers with an outcome or a failure, and a record of every transition the real machine took
 * (for the coverage check).
 */
import { type ActorRefFrom, createActor, fromPromise } from 'xstate';
import {
  type BulkCallResult,
  type BulkOutcome,
  bulkAssignmentMachine,
  type RulesInput,
  ruleProblem,
} from '../../src/machines/bulk-assignment/bulk-assignment.machine.ts';
import { selectBulkAssignmentView } from '../../src/machines/bulk-assignment/bulk-assignment.selectors.ts';
import type { WizardModelContext, WizardModelEvent } from './bulk-assignment.model.ts';
import { flush, recordTransitions } from './site-settings.harness.ts';

export const PREVIEW: BulkOutcome = {
  assignments: { created: 5, skipped: 1 },
  instances: null,
  refused: [{ ruleId: 1, positionId: 3, taskId: 12, message: 'This task is inactive' }],
};
export const RESULT: BulkOutcome = { ...PREVIEW };
/** Everything asked for already exists or is refused: nothing would be created. */
export const NOTHING: BulkOutcome = { assignments: { created: 0, skipped: 3 }, instances: null, refused: [] };
/** The site’s active tasks (fillDraft types 11 and 12; the details test 7 and 8). */
export const KNOWN_TASKS = [7, 8, 11, 12, 13];
export const DOWN: BulkCallResult = { ok: false, failure: { kind: 'failed', message: 'Database down' } };

interface Pending {
  input: RulesInput;
  answer(result: BulkCallResult): void;
  /** A real actor never throws (it answers failures); a defect might. */
  crash(error: unknown): void;
}

export class WizardHarness {
  preview: Pending | undefined;
  execution: Pending | undefined;
  /** Inputs every preview and execution started with, in order. */
  readonly started: { kind: 'preview' | 'execution'; input: RulesInput }[] = [];
  readonly actor: ActorRefFrom<typeof bulkAssignmentMachine>;

  constructor(taken: Set<string>) {
    const machine = bulkAssignmentMachine.provide({
      actors: {
        previewRules: fromPromise<BulkCallResult, RulesInput>(({ input, signal }) => {
          this.started.push({ kind: 'preview', input });
          // Leaving the step stops the preview: the machine no longer waits for it.
          signal.addEventListener('abort', () => {
            this.preview = undefined;
          });
          return new Promise((answer, crash) => (this.preview = { input, answer, crash }));
        }),
        executeRules: fromPromise<BulkCallResult, RulesInput>(({ input }) => {
          this.started.push({ kind: 'execution', input });
          return new Promise((answer, crash) => (this.execution = { input, answer, crash }));
        }),
      },
    });
    this.actor = createActor(machine, { inspect: recordTransitions(taken), input: {} }).start();
    // As the screen does once the site's task list has answered.
    this.actor.send({ type: 'wizard.knowTasks', ids: KNOWN_TASKS });
  }

  get snapshot() {
    return this.actor.getSnapshot();
  }

  #answer(kind: 'preview' | 'execution', result: BulkCallResult | Error) {
    const pending = this[kind];
    if (!pending) throw new Error(`the ${kind} is not running`);
    this[kind] = undefined;
    if (result instanceof Error) pending.crash(result);
    else pending.answer(result);
    return flush();
  }

  async exec(event: WizardModelEvent) {
    const send = this.actor.send.bind(this.actor);
    switch (event.type) {
      case 'wizard.chooseExisting':
        return send({ type: 'wizard.chooseMethod', method: 'existing' });
      case 'wizard.chooseTemplate':
        return send({ type: 'wizard.chooseMethod', method: 'template' });
      case 'wizard.fillDraft':
        // Valid for either method: positions, typed task ids and a template.
        return send({
          type: 'wizard.editDraft',
          patch: { positionIds: [1, 2, 3], taskIdsText: '11, 12', templateId: 7, isPrimary: true },
        });
      case 'wizard.typeUnknownTask':
        return send({
          type: 'wizard.editDraft',
          patch: { positionIds: [1], taskIdsText: '11, 99999', templateId: null },
        });
      case 'wizard.clearDraft':
        return send({ type: 'wizard.editDraft', patch: { positionIds: [] } });
      case 'wizard.removeRule':
        return send({ type: 'wizard.removeRule', id: this.snapshot.context.rules[0].id });
      case 'wizard.next':
      case 'wizard.back':
      case 'wizard.cancel':
      case 'wizard.addRule':
      case 'wizard.execute':
      case 'wizard.retry':
      case 'wizard.dismissResult':
        send({ type: event.type });
        return flush();
      case 'preview.resolve':
        return this.#answer('preview', { ok: true, outcome: PREVIEW });
      case 'preview.resolveEmpty':
        return this.#answer('preview', { ok: true, outcome: NOTHING });
      case 'preview.reject':
        return this.#answer('preview', DOWN);
      case 'execution.resolve':
        return this.#answer('execution', { ok: true, outcome: RESULT });
      case 'execution.reject':
        return this.#answer('execution', DOWN);
      case 'preview.throw':
        return this.#answer('preview', new Error('defect'));
      case 'execution.throw':
        return this.#answer('execution', new Error('defect'));
    }
  }

  /** The real actor, its view and its fake calls agree with the model's state and context. */
  describeMismatch(modelValue: unknown, model: WizardModelContext): string | null {
    const snap = this.snapshot;
    if (JSON.stringify(snap.value) !== JSON.stringify(modelValue))
      return `state ${JSON.stringify(snap.value)} != model ${JSON.stringify(modelValue)}`;
    const { context } = snap;
    const view = selectBulkAssignmentView(snap);
    const stepOf = (v: unknown) => (v === 'method' ? 0 : v === 'configure' ? 1 : 2);
    const failed = snap.matches('executeFailed') || snap.matches({ preview: 'failed' });
    const checks: [string, unknown, unknown][] = [
      ['method', context.method, model.method],
      ['rules', context.rules.length, model.rules],
      [
        'rules keep their method',
        context.rules.every((r) => ['existing', 'template'].includes(r.method)),
        true,
      ],
      [
        'draft valid',
        ruleProblem(context.method, context.draft, context.rules, undefined, context.knownTaskIds) === null,
        model.draftValid,
      ],
      ['problem shown', context.draftProblem !== null, model.problem],
      ['result', context.result !== null, model.result],
      [
        'step',
        view.step,
        stepOf(typeof modelValue === 'string' ? modelValue : Object.keys(modelValue as object)[0]),
      ],
      [
        'preview shown',
        context.preview !== null,
        snap.matches({ preview: 'ready' }) || snap.matches('executing') || snap.matches('executeFailed'),
      ],
      ['error shown', context.error !== null, failed],
      ['a preview running', this.preview !== undefined, snap.matches({ preview: 'loading' })],
      ['an execution running', this.execution !== undefined, snap.matches('executing')],
      ['back offered', view.canBack, !snap.matches('method') && !snap.matches('executing')],
      ['cancel offered', view.canCancel, !snap.matches('executing')],
      ['run offered', view.canExecute, snap.matches({ preview: 'ready' }) && !model.empty],
    ];
    for (const [name, real, expected] of checks) {
      if (real !== expected) return `${name}: ${JSON.stringify(real)} != ${JSON.stringify(expected)}`;
    }
    // What runs on the server is exactly the rules on screen.
    const running = this.preview?.input ?? this.execution?.input;
    if (running && JSON.stringify(running.rules) !== JSON.stringify(context.rules))
      return 'the server call does not carry the rules on screen';
    return null;
  }
}
