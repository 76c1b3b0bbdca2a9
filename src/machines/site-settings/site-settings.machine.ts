/**
 * The site settings screen's behaviour: load, edit (dirty against the saved values), save with the
 * version the edits were based on, the 3-second success banner, the load and save failures, and the
 * stale-version conflict (someone else saved first). No React, no fetch: the two server calls are
 * actors supplied with .provide() (see site-settings.actors.ts; the defaults below only fail
 * loudly). Pastes into the Stately visualizer as it is.
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { SiteSettings } from '../../domain/site-settings.ts';

export const SUCCESS_BANNER_MS = 3_000;

/** What a load or a save answers: the settings and the version they are at. */
export interface LoadedSettings {
  settings: SiteSettings;
  version: string;
}

export interface SaveInput {
  values: SiteSettings;
  version: string;
}

export interface FieldError {
  field: string;
  message: string;
  rule?: string;
  params?: Record<string, string | number>;
}

/** Which error banner shows: load and save failures, or a save refused as stale. */
export type SettingsError = 'loadFailed' | 'saveFailed' | 'stale';

export interface SiteSettingsContext {
  /** The values last loaded or saved: what "unsaved changes" are measured against. */
  saved: SiteSettings | null;
  version: string | null;
  /** The form's current values, as the last edit reported them. */
  draft: SiteSettings | null;
  dirty: boolean;
  error: SettingsError | null;
  /** A refused save's field errors (400), for the form to show on its fields. */
  fieldErrors: FieldError[];
  /** The first load has finished: later loads keep the form on screen (no spinner). */
  loadedOnce: boolean;
}

export type SiteSettingsEvent =
  | { type: 'settings.edit'; values: SiteSettings }
  | { type: 'settings.save'; values: SiteSettings }
  | { type: 'settings.retry' }
  | { type: 'settings.reload' };

export const STALE_CODE = 'STALE_SETTINGS';

function statusOf(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : undefined;
}

function bodyOf(error: unknown): { code?: unknown; details?: unknown } | undefined {
  const body = (error as { body?: unknown } | null)?.body;
  return typeof body === 'object' && body !== null ? body : undefined;
}

/** Field details of a 400, when the server named fields. */
export function fieldErrorsOf(error: unknown): FieldError[] {
  if (statusOf(error) !== 400) return [];
  const details = bodyOf(error)?.details;
  return Array.isArray(details) ? (details as FieldError[]).filter((d) => typeof d?.field === 'string') : [];
}

/** Same values, key by key (the settings are flat). */
export function sameSettings(a: SiteSettings | null, b: SiteSettings | null): boolean {
  if (!a || !b) return a === b;
  const keys = Object.keys(a) as (keyof SiteSettings)[];
  return keys.length === Object.keys(b).length && keys.every((k) => a[k] === b[k]);
}

function notProvided(name: string): never {
  throw new Error(`site settings machine: actor '${name}' was not provided`);
}

export const siteSettingsMachine = setup({
  types: {
    context: {} as SiteSettingsContext,
    events: {} as SiteSettingsEvent,
  },
  actors: {
    loadSettings: fromPromise<LoadedSettings>(async () => notProvided('loadSettings')),
    saveSettings: fromPromise<LoadedSettings, SaveInput>(async () => notProvided('saveSettings')),
  },
  actions: {
    takeLoaded: assign((_, params: LoadedSettings) => ({
      saved: params.settings,
      draft: params.settings,
      version: params.version,
      dirty: false,
      error: null,
      fieldErrors: [],
      loadedOnce: true,
    })),
    takeEdit: assign(({ context }, params: { values: SiteSettings }) => ({
      draft: params.values,
      dirty: !sameSettings(params.values, context.saved),
    })),
    clearBanners: assign({ error: null, fieldErrors: [] }),
    setError: assign((_, params: { error: SettingsError }) => ({ error: params.error })),
    setFieldErrors: assign((_, params: { fieldErrors: FieldError[] }) => ({
      fieldErrors: params.fieldErrors,
    })),
  },
  guards: {
    isDirty: ({ context }) => context.dirty,
    /** The server refused the save because the settings changed since they were loaded. */
    isStale: ({ event }) => {
      const error = (event as { error?: unknown }).error;
      return statusOf(error) === 409 && bodyOf(error)?.code === STALE_CODE;
    },
  },
  delays: {
    successBanner: SUCCESS_BANNER_MS,
  },
}).createMachine({
  id: 'siteSettings',
  context: {
    saved: null,
    version: null,
    draft: null,
    dirty: false,
    error: null,
    fieldErrors: [],
    loadedOnce: false,
  },
  initial: 'loading',
  states: {
    loading: {
      description:
        'GET /site-settings. The spinner shows only on the first load while nothing is dirty; a reload ' +
        'after a conflict keeps the form on screen.',
      tags: ['busy'],
      invoke: {
        id: 'loadSettings',
        src: 'loadSettings',
        onDone: { target: 'editing', actions: { type: 'takeLoaded', params: ({ event }) => event.output } },
        onError: { target: 'loadFailed', actions: { type: 'setError', params: { error: 'loadFailed' } } },
      },
    },
    loadFailed: {
      description: "'Failed to load site settings', with a retry.",
      on: { 'settings.retry': { target: 'loading', actions: 'clearBanners' } },
    },
    editing: {
      initial: 'idle',
      on: {
        'settings.edit': {
          target: '.idle',
          description: 'Any edit clears both banners; dirty means different from the saved values.',
          actions: ['clearBanners', { type: 'takeEdit', params: ({ event }) => ({ values: event.values }) }],
        },
        'settings.save': {
          guard: 'isDirty',
          target: 'saving',
          actions: ['clearBanners', { type: 'takeEdit', params: ({ event }) => ({ values: event.values }) }],
        },
      },
      states: {
        idle: {},
        saved: {
          description: "'Site settings saved successfully' for 3 seconds.",
          after: { successBanner: { target: 'idle' } },
        },
      },
    },
    saving: {
      description: "PUT /site-settings with the version the edits were based on; Save shows 'saving'.",
      tags: ['busy'],
      invoke: {
        id: 'saveSettings',
        src: 'saveSettings',
        input: ({ context, event }) => {
          assertEvent(event, 'settings.save');
          return { values: event.values, version: context.version ?? '' };
        },
        onDone: {
          target: 'editing.saved',
          actions: { type: 'takeLoaded', params: ({ event }) => event.output },
        },
        onError: [
          { guard: 'isStale', target: 'conflict', actions: { type: 'setError', params: { error: 'stale' } } },
          {
            target: 'editing.idle',
            actions: [
              { type: 'setError', params: { error: 'saveFailed' } },
              {
                type: 'setFieldErrors',
                params: ({ event }) => ({ fieldErrors: fieldErrorsOf(event.error) }),
              },
            ],
          },
        ],
      },
    },
    conflict: {
      description:
        'Someone else saved after these settings were loaded: explain, and offer to reload (which ' +
        'discards the edits). Editing on keeps the edits, but saving them will be refused again.',
      on: {
        'settings.reload': { target: 'loading', actions: 'clearBanners' },
        'settings.edit': {
          target: 'editing.idle',
          actions: ['clearBanners', { type: 'takeEdit', params: ({ event }) => ({ values: event.values }) }],
        },
      },
    },
  },
});

export type SiteSettingsMachine = typeof siteSettingsMachine;
