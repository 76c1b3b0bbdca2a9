/**
 * The abstract model of the site settings screen that createTestModel walks. No invocations or
 * timers: each server answer and the 3-second banner are events of their own, executed against
 * the real actor by settling a fake actor or advancing the SimulatedClock (site-settings.harness.ts).
 */
import { assign, setup } from 'xstate';

export interface SettingsModelContext {
  dirty: boolean;
  error: null | 'loadFailed' | 'saveFailed' | 'stale';
  loadedOnce: boolean;
  /** A refused save named fields. */
  fieldErrors: boolean;
}

export type SettingsModelEvent =
  | { type: 'load.resolve' }
  | { type: 'load.reject' }
  | { type: 'settings.edit' }
  | { type: 'settings.editBack' }
  | { type: 'settings.save' }
  | { type: 'settings.retry' }
  | { type: 'settings.reload' }
  | { type: 'save.resolve' }
  | { type: 'save.rejectStale' }
  | { type: 'save.rejectInvalid' }
  | { type: 'save.rejectNetwork' }
  | { type: 'clock.successBanner' };

const cleared = { error: null, fieldErrors: false } as const;

export const settingsModel = setup({
  types: { context: {} as SettingsModelContext, events: {} as SettingsModelEvent },
  actions: {
    loaded: assign({ dirty: false, loadedOnce: true, ...cleared }),
    edited: assign({ dirty: true, ...cleared }),
    editedBack: assign({ dirty: false, ...cleared }),
    clearBanners: assign({ ...cleared }),
  },
  guards: { dirty: ({ context }) => context.dirty },
}).createMachine({
  id: 'model',
  context: { dirty: false, error: null, loadedOnce: false, fieldErrors: false },
  initial: 'loading',
  states: {
    loading: {
      on: {
        'load.resolve': { target: 'editing.idle', actions: 'loaded' },
        'load.reject': { target: 'loadFailed', actions: assign({ error: 'loadFailed' }) },
      },
    },
    loadFailed: { on: { 'settings.retry': { target: 'loading', actions: 'clearBanners' } } },
    editing: {
      on: {
        'settings.edit': { target: '.idle', actions: 'edited' },
        'settings.editBack': { target: '.idle', actions: 'editedBack' },
        // Nothing changed: Save does nothing (the button is disabled too).
        'settings.save': [{ guard: 'dirty', target: 'saving', actions: 'clearBanners' }, { actions: [] }],
      },
      initial: 'idle',
      states: {
        idle: {},
        saved: { on: { 'clock.successBanner': 'idle' } },
      },
    },
    saving: {
      on: {
        'save.resolve': { target: 'editing.saved', actions: 'loaded' },
        'save.rejectStale': { target: 'conflict', actions: assign({ error: 'stale' }) },
        'save.rejectInvalid': {
          target: 'editing.idle',
          actions: assign({ error: 'saveFailed', fieldErrors: true }),
        },
        'save.rejectNetwork': { target: 'editing.idle', actions: assign({ error: 'saveFailed' }) },
      },
    },
    conflict: {
      on: {
        'settings.reload': { target: 'loading', actions: 'clearBanners' },
        'settings.edit': { target: 'editing.idle', actions: 'edited' },
      },
    },
  },
});
