/** Figures for GET /system/metrics, counted within the caller's site. */
import { and, count, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { positions, sessions, users, workEntries } from '../../db/schema/index.ts';

export async function siteMetrics(app: FastifyInstance, siteId: string) {
  const { db } = app.database;
  const now = new Date();
  const [[u], [p], [w], [s], [size]] = await Promise.all([
    db.select({ n: count() }).from(users).where(eq(users.siteId, siteId)),
    db.select({ n: count() }).from(positions).where(eq(positions.siteId, siteId)),
    db.select({ n: count() }).from(workEntries).where(eq(workEntries.siteId, siteId)),
    db
      .select({ n: count() })
      .from(sessions)
      .where(and(eq(sessions.siteId, siteId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now))),
    app.database.query<{ size: string }>(
      'select pg_size_pretty(pg_database_size(current_database())) as size',
    ),
  ]);
  return {
    total_users: u?.n ?? 0,
    total_positions: p?.n ?? 0,
    total_work_entries: w?.n ?? 0,
    active_sessions: s?.n ?? 0,
    uptime: Math.round(process.uptime()),
    database_size: size?.size ?? 'unknown',
    server_time: now.toISOString(),
  };
}
