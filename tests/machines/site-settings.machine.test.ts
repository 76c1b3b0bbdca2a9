/**
 * Model-based test of the site settings machine: createTestModel walks the abstract model (one
 * path per reachable state, context and incoming event, i.e. every transition) and each path
 * drives the real machine with fake actors and a SimulatedClock. Afterwards every state of the
 * model and every transition of the real machine must have been exercised.
 */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { DEFAULT_SITE_SETTINGS } from '../../src/domain/site-settings.ts';
import { siteSettingsMachine } from '../../src/machines/site-settings/site-settings.machine.ts';
import { flush, SettingsHarness } from './site-settings.harness.ts';
import { settingsModel } from './site-settings.model.ts';
import { walkModel } from './support/walk-model.ts';

walkModel({
  name: 'site settings machine',
  model: settingsModel,
  machine: siteSettingsMachine,
  minPaths: 8,
  harness: (taken) => new SettingsHarness(taken),
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
