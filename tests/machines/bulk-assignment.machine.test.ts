/**
 * Model-based test of the bulk assignment wizard: createTestModel walks the abstract model (a
 * path to every reachable state, context and incoming event, i.e. every transition), including a
 * failed preview, a failed execution and their retries, and each path drives the real machine
 * with fake actors. Afterwards every state of the model and every transition of the real machine
 * must have been exercised.
 */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import {
  bulkAssignmentMachine,
  typedTaskIdsCheck,
} from '../../src/machines/bulk-assignment/bulk-assignment.machine.ts';
import { selectBulkAssignmentView } from '../../src/machines/bulk-assignment/bulk-assignment.selectors.ts';
import { RESULT, WizardHarness } from './bulk-assignment.harness.ts';
import { wizardModel } from './bulk-assignment.model.ts';
import { flush } from './site-settings.harness.ts';
import { walkModel } from './support/walk-model.ts';

// Only events the model takes there: an event no transition accepts would be a silent no-op in the
// model but not necessarily in the real machine (a third rule, say).
walkModel({
  name: 'bulk assignment wizard',
  model: wizardModel,
  machine: bulkAssignmentMachine,
  minPaths: 20,
  harness: (taken) => new WizardHarness(taken),
  onlyEventsTheModelTakes: true,
});

describe('details', () => {
  async function toPreview(harness: WizardHarness) {
    await harness.exec({ type: 'wizard.next' });
    await harness.exec({ type: 'wizard.fillDraft' });
    await harness.exec({ type: 'wizard.addRule' });
    await harness.exec({ type: 'wizard.next' });
  }

  it('turns the draft into a rule of the chosen method and names why a draft is refused', async () => {
    const harness = new WizardHarness(new Set());
    harness.actor.send({ type: 'wizard.chooseMethod', method: 'existing' });
    harness.actor.send({ type: 'wizard.next' });
    harness.actor.send({ type: 'wizard.editDraft', patch: { positionIds: [4, 5] } });
    harness.actor.send({ type: 'wizard.addRule' });
    expect(harness.snapshot.context.draftProblem).toBe('taskIdsRequired');
    harness.actor.send({ type: 'wizard.editDraft', patch: { taskIdsText: '7, x' } });
    harness.actor.send({ type: 'wizard.addRule' });
    expect(harness.snapshot.context.draftProblem).toBe('taskIdsInvalid');
    harness.actor.send({ type: 'wizard.editDraft', patch: { taskIdsText: '7, 8, 7' } });
    harness.actor.send({ type: 'wizard.addRule' });
    expect(harness.snapshot.context.rules).toEqual([
      { id: 1, method: 'existing', positionIds: [4, 5], taskIds: [7, 8], templateId: null, isPrimary: false },
    ]);
    harness.actor.send({ type: 'wizard.back' });
    harness.actor.send({ type: 'wizard.chooseMethod', method: 'template' });
    harness.actor.send({ type: 'wizard.next' });
    harness.actor.send({ type: 'wizard.editDraft', patch: { positionIds: [4] } });
    harness.actor.send({ type: 'wizard.addRule' });
    expect(harness.snapshot.context.draftProblem).toBe('templateRequired');
    harness.actor.send({ type: 'wizard.editDraft', patch: { templateId: 9 } });
    harness.actor.send({ type: 'wizard.addRule' });
    expect(harness.snapshot.context.rules.map((r) => [r.method, r.templateId])).toEqual([
      ['existing', null],
      ['template', 9],
    ]);
    harness.actor.stop();
  });

  it('keeps the rules after a failed execution and sends the same rules again on retry', async () => {
    const harness = new WizardHarness(new Set());
    await toPreview(harness);
    await harness.exec({ type: 'preview.resolve' });
    await harness.exec({ type: 'wizard.execute' });
    await harness.exec({ type: 'execution.reject' });
    expect(harness.snapshot.context.error).toEqual({ kind: 'failed', message: 'Database down' });
    const rules = harness.snapshot.context.rules;
    expect(rules).toHaveLength(1);
    await harness.exec({ type: 'wizard.retry' });
    const executions = harness.started.filter((s) => s.kind === 'execution');
    expect(executions.map((e) => e.input.rules)).toEqual([rules, rules]);
    expect(harness.snapshot.context.error).toBeNull();
    await harness.exec({ type: 'execution.resolve' });
    expect(harness.snapshot.value).toBe('method');
    expect(harness.snapshot.context.result).toEqual(RESULT);
    expect(harness.snapshot.context.rules).toEqual([]);
    harness.actor.stop();
  });

  it('shows the server’s message when the preview fails', async () => {
    const harness = new WizardHarness(new Set());
    await toPreview(harness);
    await harness.exec({ type: 'preview.reject' });
    expect(harness.snapshot.context.error).toEqual({ kind: 'failed', message: 'Database down' });
    harness.actor.stop();
  });

  it('keeps a failure’s kind, so the screen can say what to do (a stale preview: preview again)', async () => {
    const harness = new WizardHarness(new Set());
    await toPreview(harness);
    await harness.exec({ type: 'preview.resolve' });
    await harness.exec({ type: 'wizard.execute' });
    harness.execution?.answer({ ok: false, failure: { kind: 'stale', message: 'Position not found' } });
    await flush();
    expect(harness.snapshot.value).toBe('executeFailed');
    expect(harness.snapshot.context.error).toEqual({ kind: 'stale', message: 'Position not found' });
    harness.actor.stop();
  });

  it('refuses a typed task id the site has no active task for, once the tasks are known', () => {
    const actor = createActor(bulkAssignmentMachine, { input: {} }).start();
    actor.send({ type: 'wizard.next' });
    actor.send({ type: 'wizard.editDraft', patch: { positionIds: [1], taskIdsText: '11, 99999' } });
    actor.send({ type: 'wizard.knowTasks', ids: [11, 12] });
    actor.send({ type: 'wizard.addRule' });
    expect(actor.getSnapshot().context.draftProblem).toBe('taskIdsUnknown');
    expect(actor.getSnapshot().context.rules).toEqual([]);
    expect(typedTaskIdsCheck('11, 99999, x', [11, 12])).toEqual({
      ids: [11, 99999],
      invalid: ['x'],
      unknown: [99999],
    });
    // Before the list has answered nothing is called unknown (the server still checks).
    expect(typedTaskIdsCheck('99999', null).unknown).toEqual([]);
    actor.send({ type: 'wizard.editDraft', patch: { taskIdsText: '11' } });
    actor.send({ type: 'wizard.addRule' });
    expect(actor.getSnapshot().context.rules.map((r) => r.taskIds)).toEqual([[11]]);
    actor.stop();
  });

  it('does not run a preview that would create nothing', async () => {
    const harness = new WizardHarness(new Set());
    await toPreview(harness);
    await harness.exec({ type: 'preview.resolveEmpty' });
    expect(selectBulkAssignmentView(harness.snapshot).canExecute).toBe(false);
    await harness.exec({ type: 'wizard.execute' });
    expect(harness.snapshot.matches({ preview: 'ready' })).toBe(true);
    expect(harness.started.filter((s) => s.kind === 'execution')).toEqual([]);
    harness.actor.stop();
  });

  it('stops adding rules at the pairs limit it was given', async () => {
    const actor = createActor(bulkAssignmentMachine, { input: { pairsMax: 4 } }).start();
    actor.send({ type: 'wizard.next' });
    actor.send({ type: 'wizard.editDraft', patch: { positionIds: [1, 2, 3], taskIdsText: '7, 8' } });
    actor.send({ type: 'wizard.addRule' });
    expect(actor.getSnapshot().context.draftProblem).toBe('tooManyPairs');
    expect(actor.getSnapshot().context.rules).toEqual([]);
    actor.stop();
  });

  it('fails loudly when the real actors are not provided', async () => {
    const actor = createActor(bulkAssignmentMachine, { input: {} }).start();
    actor.send({ type: 'wizard.next' });
    actor.send({ type: 'wizard.editDraft', patch: { positionIds: [1], taskIdsText: '2' } });
    actor.send({ type: 'wizard.addRule' });
    actor.send({ type: 'wizard.next' });
    await flush();
    expect(actor.getSnapshot().matches({ preview: 'failed' })).toBe(true);
    actor.stop();
  });
});
