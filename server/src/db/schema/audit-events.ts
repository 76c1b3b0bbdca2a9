import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The audit log (issue 23): one row per change, written by the server in the change's own
 * transaction (routes/kit.ts contextOf → ctx.audit). Rows are never updated or deleted: a trigger
 * (migration) refuses both, and each site's rows form a hash chain, so an edit made around the
 * trigger (by a superuser) shows in GET /audit-events/verify.
 *
 * No foreign keys: an event outlives the user, record and even the site it names; the actor's
 * name is copied as it was. `entity_id` is text, since an assignment's key is two ids.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    siteId: text('site_id').notNull(),
    /** Null for the system (jobs) and for a failed sign-in, which has no actor. */
    actorId: integer('actor_id'),
    /** The actor's name as it was, 'system', or for a failed sign-in the attempted email. */
    actorName: text('actor_name').notNull(),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    /** field → { old, new }; a secret's values are never stored, only "changed". */
    changes: jsonb('changes'),
    /** What is not a field change: a bulk operation's counts and the ids it touched. */
    details: jsonb('details'),
    requestId: text('request_id'),
    client: text('client'),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  // The chain is read in id order (verification); the list newest first by (at, id), each filter
  // an equality prefix of one index, so a page, first or deep, with or without a day range, is one
  // index range in order rather than a walk past every newer event.
  (t) => [
    index('audit_events_site_idx').on(t.siteId, t.id),
    index('audit_events_at_idx').on(t.siteId, t.at, t.id),
    index('audit_events_entity_idx').on(t.siteId, t.entityType, t.entityId, t.at, t.id),
    index('audit_events_entity_type_idx').on(t.siteId, t.entityType, t.at, t.id),
    index('audit_events_actor_idx').on(t.siteId, t.actorId, t.at, t.id),
    index('audit_events_action_idx').on(t.siteId, t.action, t.at, t.id),
  ],
);

/**
 * Each site's chain head: the last event's id and hash. A writer locks its site's row
 * (SELECT … FOR UPDATE), so one site's events are chained one at a time in commit order while
 * other sites write freely; verification also checks that the chain ends where the head says
 * (an event removed from the end would otherwise go unseen).
 */
export const auditChainHeads = pgTable('audit_chain_heads', {
  siteId: text('site_id').primaryKey(),
  lastId: bigint('last_id', { mode: 'number' }),
  hash: text('hash').notNull().default(''),
});
