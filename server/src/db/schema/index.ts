/**
 * The relational model. Every row belongs to a site; list queries are backed by
 * (site_id, …) indexes; uniqueness that the product promises is a database constraint, so two
 * concurrent requests cannot both win, and each table declares its constraints' messages beside
 * them (../unique-messages.ts).
 *
 * This index is only a shorter import path for the tables that had it. Nothing needs a table to be
 * listed: drizzle-kit reads every file of this folder (server/drizzle.config.ts), the database
 * client takes no table list (db/client.ts), and the messages register themselves; so a new table
 * is its own file, which its repository imports.
 */
export * from './account-tokens.ts';
export * from './assignments.ts';
export * from './audit-events.ts';
export * from './coverage.ts';
export * from './floor-plans.ts';
export * from './idempotency-keys.ts';
export * from './job-history.ts';
export * from './notifications.ts';
export * from './outbox.ts';
export * from './positions.ts';
export * from './roles.ts';
export * from './share-links.ts';
export * from './site-settings.ts';
export * from './sites.ts';
export * from './tasks.ts';
export * from './trash.ts';
export * from './user-groups.ts';
export * from './users.ts';
export * from './webhooks.ts';
export * from './work-entries.ts';
export * from './work-entries-archive.ts';
