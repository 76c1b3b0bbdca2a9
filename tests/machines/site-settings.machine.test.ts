/**
 * Model-based test of the site settings machine: createTestModel walks the abstract model (one
 * path per reachable state, context and incoming event, i.e. every transition) and each path
 * drives the real machine with fake actors and a SimulatedClock. Afterwards every state of the
 * model and every transition of the real machine must have been exercised.
 */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { createTestModel, getStateNodes } from 'xstate/graph';
import { DEFAULT_SITE_SETTINGS } from '../../src/domain/site-settings.ts';
import { siteSettingsMachine } from '../../src/machines/site-settings/site-settings.machine.ts';
import { allTransitionKeys, flush, SettingsHarness } from './site-settings.harness.ts';
import { settingsModel } from './site-settings.model.ts';

const model = createTestModel(settingsModel, {
  serializeState: (state, event, previous) =>
    `${JSON.stringify(state.value)} ${JSON.stringify(state.context)} via ${event?.type ?? 'start'} from ${JSON.stringify(previous?.value ?? null)}`,
});
const paths = model.getShortestPaths();
const taken = new Set<string>();
const visited = new Set<string>();

describe('site settings machine (model-based)', () => {
  it('has paths to walk', () => {
    expect(paths.length).toBeGreaterThan(8);
  });

  for (const path of paths) {
    it(path.description, async () => {
      const harness = new SettingsHarness(taken);
      await path.test({
        events: Object.fromEntries(
          [...new Set(path.steps.map((s) => s.event.type))].map((type) => [
            type,
            (step: { event: Parameters<SettingsHarness['exec']>[0] }) => harness.exec(step.event),
          ]),
        ),
        states: {
          '*': (state) => {
            visited.add(flatten(state.value));
            expect(harness.describeMismatch(state.value, state.context)).toBeNull();
          },
        },
      });
      harness.actor.stop();
    });
  }
});

describe('coverage', () => {
  it('visited every state of the model', () => {
    const leaves = getStateNodes(settingsModel.root)
      .filter((node) => node.type === 'atomic')
      .map((node) => node.path.join('.'));
    expect(leaves.filter((leaf) => !visited.has(leaf))).toEqual([]);
  });

  it('took every transition of the real machine', () => {
    expect(allTransitionKeys(siteSettingsMachine).filter((key) => !taken.has(key))).toEqual([]);
  });
});

describe('timing and details', () => {
  it('keeps the success banner for the full 3 seconds, not less', async () => {
    const harness = new SettingsHarness(new Set());
    await harness.exec({ type: 'load.resolve' });
    await harness.exec({ type: 'settings.edit' });
    await harness.exec({ type: 'settings.save' });
    await harness.exec({ type: 'save.resolve' });
    harness.clock.increment(2_999);
    await flush();
    expect(harness.snapshot.matches({ editing: 'saved' })).toBe(true);
    harness.clock.increment(1);
    await flush();
    expect(harness.snapshot.matches({ editing: 'idle' })).toBe(true);
    harness.actor.stop();
  });

  it('saves the values of the save event with the version they were loaded at, and takes the new version', async () => {
    const harness = new SettingsHarness(new Set());
    await harness.exec({ type: 'load.resolve' });
    await harness.exec({ type: 'settings.edit' });
    await harness.exec({ type: 'settings.save' });
    expect(harness.save?.input).toEqual({ values: harness.formValues, version: '100' });
    await harness.exec({ type: 'save.resolve' });
    expect(harness.snapshot.context.version).toBe('101');
    expect(harness.snapshot.context.saved?.siteName).toBe('Edited 1');
    harness.actor.stop();
  });

  it('keeps the refused fields of a 400 for the form', async () => {
    const harness = new SettingsHarness(new Set());
    await harness.exec({ type: 'load.resolve' });
    await harness.exec({ type: 'settings.edit' });
    await harness.exec({ type: 'settings.save' });
    await harness.exec({ type: 'save.rejectInvalid' });
    expect(harness.snapshot.context.fieldErrors).toEqual([
      { field: 'timezone', message: 'Unknown time zone', rule: 'timezone' },
    ]);
    expect(harness.snapshot.context.dirty).toBe(true);
    harness.actor.stop();
  });

  it('fails loudly when the real actors are not provided', async () => {
    const actor = createActor(siteSettingsMachine).start();
    await flush();
    expect(actor.getSnapshot().value).toBe('loadFailed');
    expect(DEFAULT_SITE_SETTINGS.siteName).toBeTruthy();
    actor.stop();
  });
});

function flatten(value: unknown): string {
  if (typeof value === 'string') return value;
  const [key, inner] = Object.entries(value as Record<string, unknown>)[0];
  return `${key}.${flatten(inner)}`;
}
