/**
 * The real effects of the site settings machine: GET and PUT /site-settings through the generated
 * client. Supplied with siteSettingsMachine.provide({ actors: siteSettingsActors }).
 */
import { fromPromise } from 'xstate';
import { getSiteSettings, updateSiteSettings } from '../../api/gen/site-settings/site-settings.ts';
import type { SiteSettings } from '../../domain/site-settings.ts';
import type { LoadedSettings, SaveInput } from './site-settings.machine.ts';

/** The generated type names the closed lists separately; they are the domain's lists. */
const loaded = (answer: { settings: unknown; version: string }): LoadedSettings => ({
  settings: answer.settings as SiteSettings,
  version: answer.version,
});

export const siteSettingsActors = {
  loadSettings: fromPromise<LoadedSettings>(async ({ signal }) =>
    loaded(await getSiteSettings(undefined, signal)),
  ),
  saveSettings: fromPromise<LoadedSettings, SaveInput>(async ({ input, signal }) =>
    loaded(
      await updateSiteSettings(
        { ...input.values, version: input.version } as Parameters<typeof updateSiteSettings>[0],
        undefined,
        signal,
      ),
    ),
  ),
};
