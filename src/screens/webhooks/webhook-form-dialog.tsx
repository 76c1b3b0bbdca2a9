import { Checkbox } from 'primereact/checkbox';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Webhook } from '../../api/gen/model';
import {
  getListWebhooksQueryKey,
  useCreateWebhook,
  useUpdateWebhook,
} from '../../api/gen/webhooks/webhooks.ts';
import { useInvalidatingMutation } from '../../api/use-invalidating-mutation.ts';
import { AppDialog } from '../../components/common/app-dialog.tsx';
import { fieldsOf, SwitchField, TextField } from '../../components/common/form-inputs.tsx';
import { type RecordDialogProps, useRecordForm } from '../../components/common/use-record-form.ts';
import {
  eventKey,
  toCreateBody,
  toUpdateBody,
  WEBHOOK_EVENTS,
  type WebhookFormValues,
  webhookForm,
} from './webhook-form.schema.ts';

type Props = RecordDialogProps & {
  webhook: Webhook | null;
  /** A created webhook's secret, for the screen to show once. */
  onSecret: (secret: string) => void;
};

export function WebhookFormDialog({ webhook, onSecret, ...shown }: Props) {
  const { t } = useTranslation();
  const listKey = getListWebhooksQueryKey();
  const create = useInvalidatingMutation(useCreateWebhook, [listKey]);
  const update = useInvalidatingMutation(useUpdateWebhook, [listKey]);
  const { form, dialogProps } = useRecordForm({
    ...webhookForm,
    record: webhook,
    ...shown,
    header: [t('webhooks.add'), t('webhooks.edit')],
    create: async (v) => {
      const made = await create.mutateAsync({ data: toCreateBody(v) });
      onSecret(made.secret);
      return made;
    },
    update: (row, v) => update.mutateAsync({ id: row.id, data: toUpdateBody(v) }),
    failureMessage: t('webhooks.saveFailed'),
  });
  return (
    <AppDialog formId="webhook-form" size="wide" {...dialogProps}>
      <WebhookFields form={form} />
    </AppDialog>
  );
}

function WebhookFields({ form }: { form: UseFormReturn<WebhookFormValues> }) {
  const { t } = useTranslation();
  const { control } = form;
  const field = fieldsOf(control, 'webhook');
  return (
    <div className="form-grid">
      <TextField
        {...field('url', t('webhooks.form.url'))}
        hint={t('webhooks.form.urlHint')}
        className="form-grid__full"
      />
      <TextField {...field('description', t('webhooks.form.description'))} className="form-grid__full" />
      <Controller
        name="events"
        control={control}
        render={({ field: events, fieldState: { error } }) => (
          <fieldset
            className="form-grid__full webhook-events"
            aria-describedby={error ? 'webhook-events-error' : undefined}
          >
            <legend>{t('webhooks.form.events')}</legend>
            <div className="webhook-events__list">
              {WEBHOOK_EVENTS.map((kind) => {
                const id = `webhook-event-${kind.replace('.', '-')}`;
                const checked = events.value.includes(kind);
                return (
                  <div key={kind} className="webhook-events__item">
                    <Checkbox
                      inputId={id}
                      checked={checked}
                      onChange={() =>
                        events.onChange(
                          checked ? events.value.filter((k) => k !== kind) : [...events.value, kind],
                        )
                      }
                    />
                    <label htmlFor={id}>{t(eventKey(kind))}</label>
                  </div>
                );
              })}
            </div>
            {error ? (
              <small id="webhook-events-error" className="p-error" role="alert">
                {error.message}
              </small>
            ) : null}
          </fieldset>
        )}
      />
      <SwitchField {...field('is_active', t('webhooks.form.active'))} />
    </div>
  );
}
