import { Type } from '@sinclair/typebox';
import { OUTBOX_KINDS } from '../lib/outbox-kinds.ts';
import { IdParam, Nullable } from './common.ts';

const EventKind = Type.Union(
  OUTBOX_KINDS.map((k) => Type.Literal(k)),
  { description: 'An outbox event kind' },
);

export const WebhookStatus = Type.Union(
  [Type.Literal('active'), Type.Literal('paused'), Type.Literal('disabled')],
  {
    description:
      'active; paused (switched off by an admin); disabled (switched off by the server after a day of failures)',
  },
);

export const Webhook = Type.Object(
  {
    id: Type.Integer(),
    url: Type.String(),
    events: Type.Array(EventKind),
    description: Type.String(),
    is_active: Type.Boolean(),
    status: WebhookStatus,
    disabled_at: Nullable(Type.String({ format: 'date-time' })),
    failing_since: Nullable(Type.String({ format: 'date-time' })),
    last_delivery_at: Nullable(Type.String({ format: 'date-time' })),
    last_delivery_ok: Nullable(Type.Boolean()),
    last_status_code: Nullable(Type.Integer()),
    created_at: Type.String({ format: 'date-time' }),
    updated_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'Webhook' },
);

const bodyFields = {
  url: Type.String({ minLength: 1, maxLength: 2000, description: 'https URL of a public address' }),
  events: Type.Array(EventKind, { minItems: 1, maxItems: OUTBOX_KINDS.length, uniqueItems: true }),
  description: Type.Optional(Type.String({ maxLength: 500 })),
  is_active: Type.Optional(Type.Boolean()),
};

export const WebhookCreate = Type.Object(bodyFields, { $id: 'WebhookCreate', additionalProperties: false });
export const WebhookUpdate = Type.Partial(Type.Object(bodyFields), {
  $id: 'WebhookUpdate',
  additionalProperties: false,
});

export const WebhookList = Type.Object({ webhooks: Type.Array(Type.Ref(Webhook)) }, { $id: 'WebhookList' });
export const WebhookResponse = Type.Object({ webhook: Type.Ref(Webhook) }, { $id: 'WebhookResponse' });
export const WebhookWithSecret = Type.Object(
  {
    webhook: Type.Ref(Webhook),
    secret: Type.String({ description: 'The signing secret: shown this once, never again' }),
  },
  { $id: 'WebhookWithSecret' },
);

export const WebhookTestResult = Type.Object(
  {
    ok: Type.Boolean(),
    status_code: Nullable(Type.Integer()),
    error: Nullable(Type.String()),
    duration_ms: Type.Integer(),
    delivery_id: Type.Integer(),
  },
  { $id: 'WebhookTestResult' },
);

export const DeliveryStatus = Type.Union([
  Type.Literal('pending'),
  Type.Literal('succeeded'),
  Type.Literal('failed'),
]);

export const WebhookDelivery = Type.Object(
  {
    id: Type.Integer(),
    type: Type.String(),
    event_id: Nullable(Type.String()),
    status: DeliveryStatus,
    attempts: Type.Integer(),
    next_attempt_at: Nullable(Type.String({ format: 'date-time' })),
    last_status_code: Nullable(Type.Integer()),
    last_error: Nullable(Type.String()),
    last_duration_ms: Nullable(Type.Integer()),
    last_attempt_at: Nullable(Type.String({ format: 'date-time' })),
    created_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'WebhookDelivery' },
);

export const WebhookDeliveryList = Type.Object(
  {
    deliveries: Type.Array(Type.Ref(WebhookDelivery)),
    total: Type.Integer(),
    page: Type.Integer(),
    limit: Type.Integer(),
  },
  { $id: 'WebhookDeliveryList' },
);

export const WebhookDeliveryQuery = Type.Object(
  {
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000, default: 1 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
    status: Type.Optional(DeliveryStatus),
  },
  { additionalProperties: false },
);

export const DeliveryParams = Type.Object(
  { id: IdParam, deliveryId: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }) },
  { additionalProperties: false },
);

export const WebhookDeliveryResponse = Type.Object(
  { delivery: Type.Ref(WebhookDelivery) },
  { $id: 'WebhookDeliveryResponse' },
);

export const WEBHOOK_SCHEMAS = [Webhook, WebhookDelivery];
