/**
 * Guest access: read-only links to a coverage report, for a client or an inspector.
 * Only the SHA-256 of the link's secret is stored, as with account tokens; a link counts only
 * before expires_at and until revoked_at. Every view of the public page is a row of
 * coverage_share_views (the list shows their count and the last one).
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, optionalRef, siteId } from './columns.ts';
import { positionGroups } from './positions.ts';
import { users } from './users.ts';

export const coverageShareLinks = pgTable(
  'coverage_share_links',
  {
    id: id(),
    siteId: siteId(),
    tokenHash: text('token_hash').notNull(),
    /** What the creator called it ("Client walk-through, March"). */
    label: text('label').notNull(),
    /** Null: every position. A deleted group takes its links with it (never widens to all). */
    positionGroupId: integer('position_group_id').references(() => positionGroups.id, {
      onDelete: 'cascade',
    }),
    /** The report's first and last day (site time zone), inclusive. */
    fromDay: text('from_day').notNull(),
    toDay: text('to_day').notNull(),
    includeWorkerNames: boolean('include_worker_names').notNull().default(false),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: optionalRef('revoked_by', () => users.id),
    createdBy: optionalRef('created_by', () => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('coverage_share_links_hash_unique').on(t.tokenHash),
    index('coverage_share_links_site_idx').on(t.siteId, t.createdAt),
    check('coverage_share_links_period_check', sql`${t.fromDay} <= ${t.toDay}`),
  ],
);

export const coverageShareViews = pgTable(
  'coverage_share_views',
  {
    id: id(),
    siteId: siteId(),
    linkId: integer('link_id')
      .notNull()
      .references(() => coverageShareLinks.id, { onDelete: 'cascade' }),
    viewedAt: timestamp('viewed_at', { withTimezone: true }).notNull().defaultNow(),
    /** The browser's own description, cut to 200 characters; no address is kept. */
    userAgent: text('user_agent'),
  },
  (t) => [index('coverage_share_views_link_idx').on(t.linkId, t.viewedAt)],
);
