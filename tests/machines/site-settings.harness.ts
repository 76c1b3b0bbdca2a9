/**
 * Drives the real site settings machine for one model path: fake actors the path resolves or
 * rejects, a SimulatedClock for the 3-second banner, and a record of every transition the real
 * machine took (for the coverage check). Also the transition naming both machine tests share.
 */
import {
  type ActorRefFrom,
  type AnyStateMachine,
  type AnyTransitionDefinition,
  createActor,
  fromPromise,
  type InspectionEvent,
  SimulatedClock,
} from 'xstate';
import { ApiError } from '../../src/api/api-error.ts';
import { DEFAULT_SITE_SETTINGS, type SiteSettings } from '../../src/domain/site-settings.ts';
import {
  type LoadedSettings,
  type SaveInput,
  SUCCESS_BANNER_MS,
  siteSettingsMachine,
} from '../../src/machines/site-settings/site-settings.machine.ts';
import { selectSiteSettingsView } from '../../src/machines/site-settings/site-settings.selectors.ts';
import type { SettingsModelContext, SettingsModelEvent } from './site-settings.model.ts';

/** A stable name for a transition of a real machine: source, event, position among candidates. */
export function transitionKey(t: AnyTransitionDefinition): string {
  const candidates = t.eventType === '' ? t.source.always : t.source.transitions.get(t.eventType);
  return `${t.source.id} ${t.eventType || 'always'} #${candidates?.indexOf(t) ?? -1}`;
}

export function allTransitionKeys(machine: AnyStateMachine): string[] {
  const keys: string[] = [];
  const visit = (node: AnyStateMachine['root']) => {
    for (const list of node.transitions.values()) for (const t of list) keys.push(transitionKey(t));
    for (const t of node.always ?? []) keys.push(transitionKey(t));
    for (const child of Object.values(node.states)) visit(child as AnyStateMachine['root']);
  };
  visit(machine.root);
  return keys;
}

/** An inspect callback recording each transition taken. */
export function recordTransitions(taken: Set<string>) {
  return (event: InspectionEvent) => {
    if (event.type === '@xstate.microstep') {
      for (const t of (event as unknown as { _transitions: AnyTransitionDefinition[] })._transitions) {
        taken.add(transitionKey(t));
      }
    }
  };
}

/** Lets settled promises deliver their results to the actor. */
export const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

interface Pending<I = unknown> {
  input: I;
  resolve(value: LoadedSettings): void;
  reject(error: unknown): void;
}

const errorOf = (status: number, code?: string, details?: object[]) =>
  new ApiError(status, {
    statusCode: status,
    error: status === 0 ? 'Network Error' : 'Error',
    message: status === 0 ? 'Network Error' : `Refused (${code ?? status})`,
    ...(code ? { code } : {}),
    ...(details ? { details } : {}),
  } as never);

export class SettingsHarness {
  readonly clock = new SimulatedClock();
  load: Pending | undefined;
  save: Pending<SaveInput> | undefined;
  readonly actor: ActorRefFrom<typeof siteSettingsMachine>;
  /** What the server holds, and what the form shows. */
  server: LoadedSettings = { settings: { ...DEFAULT_SITE_SETTINGS }, version: '100' };
  formValues: SiteSettings = { ...DEFAULT_SITE_SETTINGS };
  #edits = 0;

  constructor(taken: Set<string>) {
    const machine = siteSettingsMachine.provide({
      actors: {
        loadSettings: fromPromise<LoadedSettings>(
          () => new Promise((resolve, reject) => (this.load = { input: undefined, resolve, reject })),
        ),
        saveSettings: fromPromise<LoadedSettings, SaveInput>(
          ({ input }) => new Promise((resolve, reject) => (this.save = { input, resolve, reject })),
        ),
      },
    });
    this.actor = createActor(machine, { clock: this.clock, inspect: recordTransitions(taken) }).start();
  }

  get snapshot() {
    return this.actor.getSnapshot();
  }

  #settle<I>(name: 'load' | 'save', how: 'resolve' | 'reject', value: unknown) {
    const pending = this[name] as Pending<I> | undefined;
    if (!pending) throw new Error(`${name} is not running`);
    this[name] = undefined;
    if (how === 'resolve') pending.resolve(value as LoadedSettings);
    else pending.reject(value);
    return flush();
  }

  async exec(event: SettingsModelEvent) {
    switch (event.type) {
      case 'load.resolve':
        this.formValues = { ...this.server.settings };
        return this.#settle('load', 'resolve', this.server);
      case 'load.reject':
        return this.#settle('load', 'reject', errorOf(0));
      case 'settings.edit':
        this.formValues = { ...this.formValues, siteName: `Edited ${++this.#edits}` };
        return this.actor.send({ type: 'settings.edit', values: this.formValues });
      case 'settings.editBack':
        this.formValues = { ...(this.snapshot.context.saved ?? this.server.settings) };
        return this.actor.send({ type: 'settings.edit', values: this.formValues });
      case 'settings.save':
        return this.actor.send({ type: 'settings.save', values: this.formValues });
      case 'settings.retry':
      case 'settings.reload':
        return this.actor.send({ type: event.type });
      case 'save.resolve': {
        const version = this.snapshot.context.version;
        if (this.save?.input.version !== version)
          throw new Error('the save did not carry the loaded version');
        this.server = { settings: { ...this.save.input.values }, version: String(Number(version) + 1) };
        return this.#settle('save', 'resolve', this.server);
      }
      case 'save.rejectStale':
        return this.#settle('save', 'reject', errorOf(409, 'STALE_SETTINGS'));
      case 'save.rejectInvalid':
        return this.#settle(
          'save',
          'reject',
          errorOf(400, 'VALIDATION_ERROR', [
            { field: 'timezone', message: 'Unknown time zone', rule: 'timezone' },
          ]),
        );
      case 'save.rejectNetwork':
        return this.#settle('save', 'reject', errorOf(0));
      case 'clock.successBanner':
        this.clock.increment(SUCCESS_BANNER_MS);
        return flush();
    }
  }

  /** The real actor, its view and its fake calls agree with the model's state and context. */
  describeMismatch(modelValue: unknown, model: SettingsModelContext): string | null {
    const snap = this.snapshot;
    if (JSON.stringify(snap.value) !== JSON.stringify(modelValue)) {
      return `state ${JSON.stringify(snap.value)} != model ${JSON.stringify(modelValue)}`;
    }
    const { context } = snap;
    const view = selectSiteSettingsView(snap);
    const checks: [string, unknown, unknown][] = [
      ['dirty', context.dirty, model.dirty],
      ['error', context.error, model.error],
      ['loadedOnce', context.loadedOnce, model.loadedOnce],
      ['field errors', context.fieldErrors.length > 0, model.fieldErrors],
      ['spinner', view.showSpinner, snap.matches('loading') && !model.loadedOnce && !model.dirty],
      ['can save', view.canSave, model.dirty && snap.matches('editing')],
      ['banner', view.showSaved, snap.matches({ editing: 'saved' })],
      ['a load running', this.load !== undefined, snap.matches('loading')],
      ['a save running', this.save !== undefined, snap.matches('saving')],
    ];
    for (const [name, real, expected] of checks) {
      if (real !== expected) return `${name}: ${JSON.stringify(real)} != ${JSON.stringify(expected)}`;
    }
    if (snap.matches('editing') && context.saved && !model.dirty) {
      if (JSON.stringify(context.saved) !== JSON.stringify(this.server.settings))
        return 'saved values are not the server’s';
    }
    return null;
  }
}
