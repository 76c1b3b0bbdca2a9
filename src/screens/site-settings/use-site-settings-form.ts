/**
 * The settings machine and the react-hook-form form, kept in step: server values (each load and
 * save) reset the form; each user edit goes to the machine, which decides dirty; a refused save's
 * fields land on the form. After a save, the display settings every screen follows are refetched
 * and the session's site name (the top bar's chip) follows the new site name.
 */
import { yupResolver } from '@hookform/resolvers/yup';
import { useQueryClient } from '@tanstack/react-query';
import { useMachine } from '@xstate/react';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { getGetSiteDisplaySettingsQueryKey } from '../../api/gen/site-settings/site-settings.ts';
import { formMessage } from '../../components/common/form-message.ts';
import { detailToFormMessage } from '../../components/common/server-errors.ts';
import { DEFAULT_SITE_SETTINGS, type SiteSettings } from '../../domain/site-settings.ts';
import { useAuthActor } from '../../machines/auth/auth-provider.tsx';
import { screenInspect } from '../../machines/inspect/dev-inspect.ts';
import { siteSettingsActors } from '../../machines/site-settings/site-settings.actors.ts';
import { siteSettingsMachine } from '../../machines/site-settings/site-settings.machine.ts';
import { selectSiteSettingsView } from '../../machines/site-settings/site-settings.selectors.ts';
import {
  formToSettings,
  SITE_SETTINGS_FIELDS,
  type SiteSettingsFormValues,
  siteSettingsSchema,
} from './site-settings-form.schema.ts';

const liveMachine = siteSettingsMachine.provide({ actors: siteSettingsActors });

/** The server is the judge of a time zone (the database's list); its refusal reads in the user's language. */
const SERVER_MESSAGES = { 'timezone.timezone': formMessage('siteSettings.validation.timezone') };

export function useSiteSettingsForm() {
  const [snapshot, send] = useMachine(liveMachine, { inspect: screenInspect });
  const view = selectSiteSettingsView(snapshot);
  const { saved, fieldErrors } = snapshot.context;
  const form = useForm<SiteSettingsFormValues>({
    resolver: yupResolver(siteSettingsSchema),
    defaultValues: DEFAULT_SITE_SETTINGS as SiteSettingsFormValues,
    mode: 'onTouched',
  });
  const { reset, watch, setError } = form;

  useEffect(() => {
    if (saved) reset(saved as SiteSettingsFormValues);
  }, [saved, reset]);

  useEffect(() => {
    // Only a field's own change is an edit: reset() after a load or save is not.
    const subscription = watch((values, { name }) => {
      if (name) send({ type: 'settings.edit', values: formToSettings(values) });
    });
    return () => subscription.unsubscribe();
  }, [watch, send]);

  useEffect(() => {
    for (const detail of fieldErrors) {
      const field = detail.field as keyof SiteSettingsFormValues;
      if (SITE_SETTINGS_FIELDS.includes(field)) {
        setError(field, { type: 'server', message: detailToFormMessage(detail, SERVER_MESSAGES) });
      }
    }
  }, [fieldErrors, setError]);

  useAfterSave(view.showSaved ? saved : null);

  const submit = form.handleSubmit((values) =>
    send({ type: 'settings.save', values: values as SiteSettings }),
  );
  return {
    form,
    view,
    submit,
    retry: () => send({ type: 'settings.retry' }),
    reload: () => send({ type: 'settings.reload' }),
  };
}

function useAfterSave(justSaved: SiteSettings | null) {
  const queryClient = useQueryClient();
  const auth = useAuthActor();
  useEffect(() => {
    if (!justSaved) return;
    void queryClient.invalidateQueries({ queryKey: getGetSiteDisplaySettingsQueryKey() });
    const { token, user } = auth.getSnapshot().context;
    // setCredentials also stores the user, so a reload shows the new name too.
    if (token && user && user.site_name !== justSaved.siteName) {
      auth.send({ type: 'auth.setCredentials', token, user: { ...user, site_name: justSaved.siteName } });
    }
  }, [justSaved, queryClient, auth]);
}
