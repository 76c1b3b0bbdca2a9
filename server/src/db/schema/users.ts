/** Users and their refresh sessions. */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { LANGUAGES } from '#domain/languages.ts';
import { ROLES } from '#domain/permissions.ts';
import { uniqueMessages } from '../unique-messages.ts';
import { createdAt, id, inList, isActive, ref, siteId, updatedAt } from './columns.ts';

export const users = pgTable(
  'users',
  {
    id: id(),
    siteId: siteId(),
    /** As typed, for display. */
    email: text('email').notNull(),
    /**
     * normalizeEmail(email) (src/domain/email.ts): the account's identity for uniqueness, sign-in
     * and the sign-in limits. The app always writes it; a row written without it (seed SQL, tests)
     * gets the SQL equivalent from a trigger (migration 0003), which agrees for ASCII addresses.
     */
    emailNormalized: text('email_normalized')
      .notNull()
      .$defaultFn(() => sql`null`),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    role: text('role').notNull(),
    /** Null until an invited user sets their own password (account-tokens.ts): they cannot sign in. */
    passwordHash: text('password_hash'),
    isActive: isActive(),
    /** The console language the user chose for themselves; null follows the browser. */
    language: text('language'),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    /**
     * Raised when the user's credentials stop counting (a password change or reset, deactivation):
     * a trusted-device cookie names the epoch it was given in, and one from an older epoch is ignored.
     */
    credentialsEpoch: integer('credentials_epoch').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_site_email_unique').on(t.siteId, t.emailNormalized),
    index('users_site_first_name_idx').on(t.siteId, t.firstName),
    check('users_role_check', inList(t.role, ROLES)),
    check('users_language_check', inList(t.language, LANGUAGES)),
  ],
);

/** One row per signed-in browser. Only hashes of refresh tokens are stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    siteId: siteId(),
    userId: ref('user_id', () => users.id, 'cascade'),
    refreshHash: text('refresh_hash').notNull(),
    previousHash: text('previous_hash'),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('sessions_refresh_hash_unique').on(t.refreshHash),
    index('sessions_previous_hash_idx').on(t.previousHash),
    index('sessions_user_idx').on(t.userId),
    index('sessions_site_active_idx').on(t.siteId, t.expiresAt),
  ],
);

export const usersUnique = uniqueMessages({
  users_site_email_unique: { field: 'email', message: 'A user with this email already exists' },
});
