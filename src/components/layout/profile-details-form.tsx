/**
 * The signed-in user's own name and language (PUT /auth/me). Saving switches the console to the
 * chosen language and hands the updated user to the session, so the top bar shows it at once.
 */
import { yupResolver } from '@hookform/resolvers/yup';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useUpdateMe } from '../../api/gen/auth/auth.ts';
import type { SessionUser } from '../../api/gen/model';
import { getListUsersQueryKey } from '../../api/gen/users/users.ts';
import { LANGUAGES } from '../../domain/languages.ts';
import { toLanguage } from '../../i18n/languages.ts';
import { useAuthActor } from '../../machines/auth/auth-provider.tsx';
import { DropdownField, fieldsOf, TextField } from '../common/form-inputs.tsx';
import { applyServerErrors } from '../common/server-errors.ts';
import { useNotify } from '../notify/notify-context.ts';
import { DETAILS_FIELDS, type DetailsValues, detailsSchema, detailsValues } from './profile-forms.schema.ts';

export function ProfileDetailsForm({ user }: { user: SessionUser }) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const session = useAuthActor();
  const queryClient = useQueryClient();
  const updateMe = useUpdateMe();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<DetailsValues>({
    resolver: yupResolver(detailsSchema),
    defaultValues: detailsValues(user, toLanguage(i18n.resolvedLanguage)),
  });
  const languages = LANGUAGES.map((value) => ({ value, label: t(`languages.${value}`) }));

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const { user: saved } = await updateMe.mutateAsync({ data: values });
      // The session's own refresh-the-user event; the token it holds now, not when the form opened.
      const { token } = session.getSnapshot().context;
      if (token) session.send({ type: 'auth.setCredentials', token, user: saved });
      await i18n.changeLanguage(values.language);
      form.reset(values);
      void queryClient.invalidateQueries({ queryKey: getListUsersQueryKey() });
      // In the language just chosen: `t` still speaks the one this render had.
      notify.success(i18n.t('account.detailsSaved'));
    } catch (error) {
      if (!applyServerErrors(error, form.setError, DETAILS_FIELDS)) setFailure(t('account.detailsFailed'));
    }
  });

  const field = fieldsOf(form.control, 'profile');
  return (
    <form className="profile-form" onSubmit={onSubmit} noValidate aria-labelledby="profile-details-title">
      <h3 id="profile-details-title">{t('account.detailsTitle')}</h3>
      {failure ? <Message severity="error" text={failure} className="form-alert" role="alert" /> : null}
      <div className="form-grid">
        <TextField {...field('first_name', t('account.firstName'), 'profile-first-name')} />
        <TextField {...field('last_name', t('account.lastName'), 'profile-last-name')} />
        <DropdownField
          {...field('language', t('account.language'))}
          hint={t('account.languageHint')}
          options={languages}
          className="form-grid__full"
        />
      </div>
      <div className="profile-form__actions">
        <Button
          type="submit"
          label={t('account.saveDetails')}
          icon="pi pi-check"
          loading={form.formState.isSubmitting}
        />
      </div>
    </form>
  );
}
