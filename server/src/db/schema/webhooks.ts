/**
 * Webhooks: the URLs a site's admins register for chosen outbox events, each
 * delivery the outbox consumer (jobs/webhook-consumer.ts) writes for them, and every attempt to
 * send one (jobs/webhook-delivery.ts).
 *
 * The signing secret is stored encrypted (AES-256-GCM, with a key derived from the server's JWT
 * secret: lib/webhook-secret.ts), because the server must read it back to sign; it is shown to the
 * admin once, when created or rotated, and never again.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { createdAt, id, inList, siteId, updatedAt } from './columns.ts';

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;

export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: id(),
    siteId: siteId(),
    url: text('url').notNull(),
    /** The outbox kinds it receives (lib/outbox-kinds.ts OUTBOX_KINDS). */
    events: jsonb('events').$type<string[]>().notNull(),
    description: text('description').notNull().default(''),
    isActive: boolean('is_active').notNull().default(true),
    /** 'v1:' iv, tag and ciphertext (lib/webhook-secret.ts); never answered by the API. */
    secretEnc: text('secret_enc').notNull(),
    /** Set when the server switched it off after a day of failures (is_active false then). */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /** The first failure since its last success; null while it succeeds. */
    failingSince: timestamp('failing_since', { withTimezone: true }),
    lastDeliveryAt: timestamp('last_delivery_at', { withTimezone: true }),
    lastDeliveryOk: boolean('last_delivery_ok'),
    lastStatusCode: integer('last_status_code'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('webhook_endpoints_site_idx').on(t.siteId, t.id)],
);

export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    siteId: siteId(),
    endpointId: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    /** The outbox event's id (the body's `id`); null for a test ping. */
    eventId: bigint('event_id', { mode: 'number' }),
    kind: text('kind').notNull(),
    /** '<entity type>:<entity id>': deliveries of one record to one endpoint go out in order. */
    entityKey: text('entity_key').notNull(),
    /** The JSON body sent, the same on every attempt. */
    body: jsonb('body').$type<Record<string, unknown>>().notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** When it may next be sent; while one is being sent, when its claim lapses. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** Retries stop after this (24 hours after it was written, or after a "retry now"). */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    lastDurationMs: integer('last_duration_ms'),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('webhook_deliveries_status_check', inList(t.status, WEBHOOK_DELIVERY_STATUSES)),
    index('webhook_deliveries_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index('webhook_deliveries_order_idx')
      .on(t.endpointId, t.entityKey, t.id)
      .where(sql`${t.status} = 'pending'`),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.id),
  ],
);

export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deliveryId: bigint('delivery_id', { mode: 'number' })
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    ok: boolean('ok').notNull(),
    statusCode: integer('status_code'),
    error: text('error'),
    durationMs: integer('duration_ms').notNull(),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId, t.id)],
);

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
