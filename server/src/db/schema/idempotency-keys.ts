import { index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { siteId } from './columns.ts';
import { users } from './users.ts';

/**
 * A phone's outbox resends an action it has no answer for; the key it sent with the action makes
 * the resend return the first answer instead of doing it twice. A row is written in the same
 * transaction as the change it answers, so a key is stored exactly when its change is: a second
 * request with the key waits on the first's uncommitted row and then reads its answer.
 * Keys belong to one user of one site; they count as absent once older than the expiry
 * (routes/work-entries/idempotency.ts), and old rows are removed as new ones are claimed.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    siteId: siteId(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** The request the key was first used with: method, path and a hash of the body. */
    fingerprint: text('fingerprint').notNull(),
    /** The first answer; empty only inside the claiming transaction, so never seen by another. */
    statusCode: smallint('status_code'),
    response: jsonb('response').$type<unknown>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.siteId, t.userId, t.key] }),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);
