/**
 * Single-use links sent by email: an invitation to set one's first password, and a password reset.
 * Only the SHA-256 of the link's secret is stored, as with refresh tokens; a row is spent
 * (used_at) or withdrawn (revoked_at) exactly once, and counts only before expires_at.
 */
import { check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, inList, optionalRef, ref, siteId } from './columns.ts';
import { users } from './users.ts';

export const ACCOUNT_TOKEN_PURPOSES = ['invitation', 'password_reset'] as const;
export type AccountTokenPurpose = (typeof ACCOUNT_TOKEN_PURPOSES)[number];

export const accountTokens = pgTable(
  'account_tokens',
  {
    id: id(),
    siteId: siteId(),
    userId: ref('user_id', () => users.id, 'cascade'),
    purpose: text('purpose').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** Who asked for it: the inviting admin; null for a reset the user asked for. */
    createdBy: optionalRef('created_by', () => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('account_tokens_hash_unique').on(t.tokenHash),
    index('account_tokens_user_idx').on(t.userId, t.purpose),
    check('account_tokens_purpose_check', inList(t.purpose, ACCOUNT_TOKEN_PURPOSES)),
  ],
);
