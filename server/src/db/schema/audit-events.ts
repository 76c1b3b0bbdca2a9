import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * The audit log (issue 23): one row per change, written by the server in the change's own
 * transaction (routes/kit.ts contextOf → ctx.audit), unsealed: no chain position or hashes. The
 * sealer (repositories/audit-events.ts sealSite, run after the request commits, by the audit-seal
 * job and before a verification) then links each site's events into a hash chain in the order it
 * finds them committed, setting `seq`, `prev_hash` and `hash` once. Rows are otherwise never
 * updated or deleted: a trigger (migrations 0015, 0027) refuses any other UPDATE, every DELETE and
 * TRUNCATE, so an edit made around the trigger (by a superuser) shows in GET /audit-events/verify.
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
    /**
     * The event's place in its site's chain (1, 2, …), set when sealed; null while unsealed. The
     * chain's order is this, not the id: ids are taken when events are written, and concurrent
     * transactions commit (become visible to the sealer) in another order.
     */
    seq: bigint('seq', { mode: 'number' }),
    /** The hash before this one in the chain ('' for the first); null while unsealed. */
    prevHash: text('prev_hash'),
    /** sha256 of prev_hash and the event's content (lib/audit-record.ts); null while unsealed. */
    hash: text('hash'),
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
    // The chain in order (verification) and one event per place.
    uniqueIndex('audit_events_chain_idx').on(t.siteId, t.seq).where(sql`${t.seq} is not null`),
    // What is left to seal: small, since an event leaves it once sealed.
    index('audit_events_unsealed_idx').on(t.siteId, t.id).where(sql`${t.hash} is null`),
    // Sealed is all three set at once; unsealed is none.
    check(
      'audit_events_sealed_check',
      sql`(${t.seq} is null) = (${t.hash} is null) and (${t.hash} is null) = (${t.prevHash} is null)`,
    ),
  ],
);

/**
 * Each site's chain head: the last sealed event's place, id and hash. Only the sealer locks it
 * (SELECT … FOR UPDATE), never a writer, so writes of a site do not wait for each other; one sealer
 * at a time links a site's events while other sites are sealed freely. Verification also checks
 * that the chain ends where the head says (an event removed from the end would otherwise go unseen).
 */
export const auditChainHeads = pgTable('audit_chain_heads', {
  siteId: text('site_id').primaryKey(),
  lastId: bigint('last_id', { mode: 'number' }),
  /** The last sealed event's seq (0: none yet). */
  seq: bigint('seq', { mode: 'number' }).notNull().default(0),
  hash: text('hash').notNull().default(''),
});
