/**
 * Notification emails: what each user chose to receive, and every email owed.
 *
 * - notification_preferences: one row per user who saved their choice; a user without a row gets
 *   their role's defaults (lib/notification-rules.ts). Quiet hours are wall-clock times in the
 *   site's time zone.
 * - notification_emails: one row per recipient and outbox event (written by the outbox consumer in
 *   the dispatcher's transaction), or per recipient and day for the daily digest (written by the
 *   digest job; unique per site, day and recipient, so a digest is owed once across processes).
 *   The sender (jobs/notification-sender.ts) moves each row pending → sending → sent, or back to
 *   pending with a later send_after, or to failed / cancelled; see there for why a crash never
 *   sends one twice.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { LANGUAGES } from '#domain/languages.ts';
import { NOTIFICATION_EMAIL_KINDS, NOTIFICATION_EMAIL_STATUSES } from '#domain/notifications.ts';
import { inList, ref, siteId, updatedAt } from './columns.ts';
import { users } from './users.ts';

export const notificationPreferences = pgTable('notification_preferences', {
  userId: ref('user_id', () => users.id, 'cascade').primaryKey(),
  siteId: siteId(),
  failedEntries: boolean('failed_entries').notNull(),
  missedVisits: boolean('missed_visits').notNull(),
  lateVisits: boolean('late_visits').notNull(),
  dailyDigest: boolean('daily_digest').notNull(),
  /** 'HH:MM' in the site's time zone, both or neither. */
  quietFrom: text('quiet_from'),
  quietTo: text('quiet_to'),
  updatedAt: updatedAt(),
});

export const notificationEmails = pgTable(
  'notification_emails',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    siteId: siteId(),
    /** Null for the site's adminEmail when no user has it. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    recipient: text('recipient').notNull(),
    /** 'work_entry.failed', 'visit.missed', 'visit.late' or 'digest'. */
    kind: text('kind').notNull(),
    /** The outbox event it tells of (null for a digest; the event itself is pruned after a week). */
    outboxEventId: bigint('outbox_event_id', { mode: 'number' }),
    /** The local day a digest covers (null for event emails). */
    digestDay: date('digest_day', { mode: 'string' }),
    language: text('language').notNull(),
    /** What the email says: the event's data with the names resolved, or the digest's figures. */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** Not before this: the end of the recipient's quiet hours, or the next retry. */
    sendAfter: timestamp('send_after', { withTimezone: true }).notNull().defaultNow(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** When a sender took it (status 'sending'). */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notification_emails_due_idx').on(t.sendAfter).where(sql`${t.status} = 'pending'`),
    index('notification_emails_sending_idx').on(t.claimedAt).where(sql`${t.status} = 'sending'`),
    index('notification_emails_created_idx').on(t.createdAt),
    uniqueIndex('notification_emails_event_unique').on(t.outboxEventId, t.recipient),
    uniqueIndex('notification_emails_digest_unique').on(t.siteId, t.digestDay, t.recipient),
    check('notification_emails_kind_check', inList(t.kind, NOTIFICATION_EMAIL_KINDS)),
    check('notification_emails_status_check', inList(t.status, NOTIFICATION_EMAIL_STATUSES)),
    check('notification_emails_language_check', inList(t.language, LANGUAGES)),
  ],
);

export type NotificationEmailRow = typeof notificationEmails.$inferSelect;
export type NotificationPreferencesRow = typeof notificationPreferences.$inferSelect;
