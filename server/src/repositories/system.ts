/** The system status page's figures, counted within one site, and the database's size. */
import { and, count, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { positions, sessions, users, workEntries } from '../db/schema/index.ts';

export async function siteCounts(database: Database, siteId: string, now: Date) {
  const { db } = database;
  const [[u], [p], [w], [s], [size]] = await Promise.all([
    db.select({ n: count() }).from(users).where(eq(users.siteId, siteId)),
    db.select({ n: count() }).from(positions).where(eq(positions.siteId, siteId)),
    db.select({ n: count() }).from(workEntries).where(eq(workEntries.siteId, siteId)),
    db
      .select({ n: count() })
      .from(sessions)
      .where(and(eq(sessions.siteId, siteId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now))),
    database.query<{ size: string }>('select pg_size_pretty(pg_database_size(current_database())) as size'),
  ]);
  return {
    users: u?.n ?? 0,
    positions: p?.n ?? 0,
    workEntries: w?.n ?? 0,
    activeSessions: s?.n ?? 0,
    databaseSize: size?.size,
  };
}
