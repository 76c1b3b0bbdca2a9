/**
 * The signed-in user's notification emails (GET/PUT /auth/me/notifications): which events they hear
 * of at the positions they manage, the daily digest, and quiet hours in the site's time zone. Shown
 * to managers and up; workers manage no position and receive none.
 */
import { yupResolver } from '@hookform/resolvers/yup';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import * as yup from 'yup';
import {
  getGetMyNotificationsQueryKey,
  useGetMyNotifications,
  useUpdateMyNotifications,
} from '../../api/gen/auth/auth.ts';
import type { GetMyNotifications200Preferences } from '../../api/gen/model';
import { QUIET_TIME } from '../../domain/notifications.ts';
import { fieldsOf, SwitchField, TextField } from '../common/form-inputs.tsx';
import { formMessage } from '../common/form-message.ts';
import { useNotify } from '../notify/notify-context.ts';

const time = yup
  .string()
  .when('quiet', ([quiet], s) =>
    quiet
      ? s
          .required(formMessage('validation.required'))
          .matches(QUIET_TIME, formMessage('notifications.badTime'))
      : s.optional(),
  );

const schema = yup.object({
  failed_entries: yup.boolean().required(),
  missed_visits: yup.boolean().required(),
  late_visits: yup.boolean().required(),
  daily_digest: yup.boolean().required(),
  quiet: yup.boolean().required(),
  quiet_from: time,
  quiet_to: time,
});
type Values = yup.InferType<typeof schema>;

const valuesOf = (p: GetMyNotifications200Preferences): Values => ({
  failed_entries: p.failed_entries,
  missed_visits: p.missed_visits,
  late_visits: p.late_visits,
  daily_digest: p.daily_digest,
  quiet: p.quiet_hours !== null,
  quiet_from: p.quiet_hours?.from ?? '22:00',
  quiet_to: p.quiet_hours?.to ?? '07:00',
});

export function ProfileNotificationsForm() {
  const { t } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const query = useGetMyNotifications();
  const update = useUpdateMyNotifications();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<Values>({
    resolver: yupResolver(schema),
    defaultValues: query.data?.preferences ? valuesOf(query.data.preferences) : undefined,
  });
  const loaded = query.data?.preferences;
  useEffect(() => {
    if (loaded) form.reset(valuesOf(loaded));
  }, [loaded, form]);

  if (query.isError)
    return <Message severity="error" text={t('notifications.loadFailed')} className="profile-form" />;
  if (!query.data?.available) return null;

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const saved = await update.mutateAsync({
        data: {
          failed_entries: values.failed_entries,
          missed_visits: values.missed_visits,
          late_visits: values.late_visits,
          daily_digest: values.daily_digest,
          quiet_hours:
            values.quiet && values.quiet_from && values.quiet_to
              ? { from: values.quiet_from, to: values.quiet_to }
              : null,
        },
      });
      queryClient.setQueryData(getGetMyNotificationsQueryKey(), saved);
      form.reset(valuesOf(saved.preferences));
      notify.success(t('notifications.saved'));
    } catch {
      setFailure(t('notifications.failed'));
    }
  });

  const field = fieldsOf(form.control, 'notifications');
  const quiet = form.watch('quiet');
  return (
    <form
      className="profile-form"
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="profile-notifications-title"
    >
      <h3 id="profile-notifications-title">{t('notifications.title')}</h3>
      <p className="profile-form__intro">{t('notifications.intro')}</p>
      {query.data.site_enabled ? null : (
        <Message severity="warn" text={t('notifications.siteOff')} className="form-alert" />
      )}
      {failure ? <Message severity="error" text={failure} className="form-alert" role="alert" /> : null}
      <div className="form-grid">
        <SwitchField
          {...field('failed_entries', t('notifications.failedEntries'))}
          className="form-grid__full"
        />
        <SwitchField
          {...field('missed_visits', t('notifications.missedVisits'))}
          className="form-grid__full"
        />
        <SwitchField {...field('late_visits', t('notifications.lateVisits'))} className="form-grid__full" />
        <SwitchField
          {...field('daily_digest', t('notifications.dailyDigest'))}
          hint={t('notifications.dailyDigestHint')}
          className="form-grid__full"
        />
        <SwitchField
          {...field('quiet', t('notifications.quietHours'))}
          hint={t('notifications.quietHoursHint')}
          className="form-grid__full"
        />
        {quiet ? (
          <>
            <TextField {...field('quiet_from', t('notifications.quietFrom'))} />
            <TextField {...field('quiet_to', t('notifications.quietTo'))} />
          </>
        ) : null}
      </div>
      <div className="profile-form__actions">
        <Button
          type="submit"
          label={t('notifications.save')}
          icon="pi pi-check"
          loading={form.formState.isSubmitting}
        />
      </div>
    </form>
  );
}
