import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * The audit log: one row per change, written by the server in the change's own transaction
 * (routes/kit.ts contextOf → ctx.audit) and never updated or deleted: a trigger refuses every
 * UPDATE, DELETE and TRUNCATE, so an edit made around it (by a superuser) shows in
 * GET /audit-events/verify. An event's place in its site's hash chain is a row of audit_seals,
 * added after the change commits (repositories/audit-events.ts sealSite), never a change to the
 * event.
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
  },
  // The sealer finds a site's events after its floor by (site, id); the list newest first by
  // (at, id), each filter an equality prefix of one index, so a page, first or deep, with or
  // without a day range, is one index range in order rather than a walk past every newer event.
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
 * Each event's place in its site's hash chain, inserted by the sealer once the event has
 * committed: insert-only like the events (a trigger refuses UPDATE, DELETE and TRUNCATE). The
 * chain's order is `seq`, the order in which the sealer found events committed, not the id: ids
 * are taken when events are written, and concurrent transactions commit in another order.
 */
export const auditSeals = pgTable(
  'audit_seals',
  {
    siteId: text('site_id').notNull(),
    /** The event's place in its site's chain: 1, 2, … */
    seq: bigint('seq', { mode: 'number' }).notNull(),
    eventId: bigint('event_id', { mode: 'number' }).notNull(),
    /** The hash before this one in the chain ('' for the first). */
    prevHash: text('prev_hash').notNull(),
    /** sha256 of prev_hash and the event's content (lib/audit-record.ts). */
    hash: text('hash').notNull(),
  },
  // The chain in order (verification), one place per event (an event's hash in the list).
  (t) => [primaryKey({ columns: [t.siteId, t.seq] }), uniqueIndex('audit_seals_event_idx').on(t.eventId)],
);

/**
 * Each site's chain head: the last seal's place, event id and hash, and where the next seal run
 * looks for events. Only the sealer locks it (SELECT … FOR UPDATE), never a writer, so writes of a
 * site do not wait for each other; one sealer at a time links a site's events while other sites
 * are sealed freely. Verification also checks that the chain ends where the head says (an event
 * removed from the end would otherwise go unseen).
 *
 * Finding events with no seal: every event of the site with an id up to `floorId` is sealed, so a
 * run reads only the events after it. The floor cannot simply follow the last sealed id, since an
 * id taken by a transaction still open may commit after higher ones. So a run notes the id
 * sequence's value (`markId`) and, in a later statement, the transaction id every transaction
 * that took one of those ids has a lower id than (`markXid`); once a run's snapshot has no
 * transaction below `markXid` still open, every event up to `markId` that will ever commit is
 * visible to it, and once those are sealed the floor moves to `markId`.
 */
export const auditChainHeads = pgTable('audit_chain_heads', {
  siteId: text('site_id').primaryKey(),
  lastId: bigint('last_id', { mode: 'number' }),
  /** The last seal's seq (0: none yet). */
  seq: bigint('seq', { mode: 'number' }).notNull().default(0),
  hash: text('hash').notNull().default(''),
  /** Every event of the site with an id up to this is sealed. */
  floorId: bigint('floor_id', { mode: 'number' }).notNull().default(0),
  /** The floor's next step, taken once no transaction older than markXid is open. */
  markId: bigint('mark_id', { mode: 'number' }),
  markXid: bigint('mark_xid', { mode: 'number' }),
});
