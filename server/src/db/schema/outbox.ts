/**
 * The outbox: what happened that someone outside may be told about (a work entry
 * created, completed or failed, a visit missed or late, a user created or deactivated, the site's
 * settings changed), written in the same transaction as the change, so nothing is announced for a
 * change that did not happen and nothing that happened is lost. The dispatcher (jobs/outbox.ts)
 * hands each event, once across server processes, to every consumer (webhooks, notification
 * emails), which write their own deliveries in the same transaction as the event is marked
 * dispatched. Dispatched events are pruned after a week.
 */
import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { siteId } from './columns.ts';

export const outboxEvents = pgTable(
  'outbox_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    siteId: siteId(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** What happened, as webhooks name it: 'work_entry.created', 'visit.missed', … (lib/outbox-kinds.ts). */
    kind: text('kind').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    /** Who did it; null for the system (jobs). */
    actorId: integer('actor_id'),
    /** The event's content as a webhook receives it under `data`. */
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    /** Null until the dispatcher has handed the event to every consumer. */
    dispatchedAt: timestamp('dispatched_at', { withTimezone: true }),
  },
  (t) => [
    index('outbox_events_pending_idx').on(t.id).where(sql`${t.dispatchedAt} is null`),
    index('outbox_events_dispatched_idx').on(t.dispatchedAt),
  ],
);

export type OutboxEventRow = typeof outboxEvents.$inferSelect;
