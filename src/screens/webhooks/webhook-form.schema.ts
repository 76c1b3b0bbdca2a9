import * as yup from 'yup';
import type { CreateWebhookBody, UpdateWebhookBody, Webhook } from '../../api/gen/model';
import { WebhookEventsItem as KINDS } from '../../api/gen/model';
import { formMessage } from '../../components/common/form-message.ts';
import { optionalText, requiredMessage } from '../../components/common/form-rules.ts';
import type { RecordForm } from '../../components/common/use-record-form.ts';

export type WebhookEvent = (typeof KINDS)[keyof typeof KINDS];
type Underscored<S extends string> = S extends `${infer A}.${infer B}` ? `${A}_${B}` : S;
/** Every event kind a webhook may choose, in the server's order. */
export const WEBHOOK_EVENTS = Object.values(KINDS) as WebhookEvent[];
/** An event kind's text key ('work_entry.created' → 'work_entry_created': i18next splits keys on dots). */
export const eventKey = (kind: string) =>
  `webhooks.events.${kind.replace('.', '_') as Underscored<WebhookEvent>}` as const;

export const webhookFormSchema = yup.object({
  url: yup
    .string()
    .trim()
    .required(requiredMessage)
    .max(2000)
    .matches(/^https?:\/\/\S+$/i, formMessage('webhooks.rules.url')),
  description: optionalText(500),
  events: yup
    .array(yup.mixed<WebhookEvent>().oneOf(WEBHOOK_EVENTS).required())
    .required()
    .min(1, formMessage('webhooks.rules.events'))
    .default([]),
  is_active: yup.boolean().required().default(true),
});

export type WebhookFormValues = yup.InferType<typeof webhookFormSchema>;

export const webhookForm: RecordForm<Webhook, typeof webhookFormSchema> = {
  schema: webhookFormSchema,
  values: (w) =>
    w
      ? { url: w.url, description: w.description, events: [...w.events], is_active: w.is_active }
      : { url: 'https://', description: '', events: [], is_active: true },
  name: (v) => v.url,
};

export const toCreateBody = (v: WebhookFormValues): CreateWebhookBody => ({
  url: v.url.trim(),
  description: v.description ?? '',
  events: v.events,
  is_active: v.is_active,
});

export const toUpdateBody = (v: WebhookFormValues): UpdateWebhookBody => toCreateBody(v);
