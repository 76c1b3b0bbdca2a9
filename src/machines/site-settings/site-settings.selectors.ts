/** What the settings screen reads from the machine's snapshot. */
import type { SnapshotFrom } from 'xstate';
import type { SiteSettingsMachine } from './site-settings.machine.ts';

export type SiteSettingsSnapshot = SnapshotFrom<SiteSettingsMachine>;

export interface SiteSettingsView {
  /** The spinner shows on the first load only, and only while the form is not dirty. */
  showSpinner: boolean;
  /** Loading or saving: the form and its buttons are disabled. */
  busy: boolean;
  saving: boolean;
  /** Save is enabled only with unsaved changes and nothing under way. */
  canSave: boolean;
  dirty: boolean;
  /** Settings have been loaded once: the form can show (it stays during later loads). */
  hasValues: boolean;
  showSaved: boolean;
  loadFailed: boolean;
  saveFailed: boolean;
  stale: boolean;
}

export function selectSiteSettingsView(snapshot: SiteSettingsSnapshot): SiteSettingsView {
  const { dirty, loadedOnce, error } = snapshot.context;
  const busy = snapshot.hasTag('busy');
  return {
    showSpinner: snapshot.matches('loading') && !loadedOnce && !dirty,
    busy,
    saving: snapshot.matches('saving'),
    canSave: dirty && snapshot.matches('editing'),
    dirty,
    hasValues: loadedOnce,
    showSaved: snapshot.matches({ editing: 'saved' }),
    loadFailed: error === 'loadFailed',
    saveFailed: error === 'saveFailed',
    stale: error === 'stale',
  };
}
