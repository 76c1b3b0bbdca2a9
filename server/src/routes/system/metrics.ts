/** Figures for GET /system/metrics, counted within the caller's site. */
import type { FastifyInstance } from 'fastify';
import { siteCounts } from '../../repositories/system.ts';

export async function siteMetrics(app: FastifyInstance, siteId: string) {
  const now = new Date();
  const counts = await siteCounts(app.database, siteId, now);
  return {
    total_users: counts.users,
    total_positions: counts.positions,
    total_work_entries: counts.workEntries,
    active_sessions: counts.activeSessions,
    uptime: Math.round(process.uptime()),
    database_size: counts.databaseSize ?? 'unknown',
    server_time: now.toISOString(),
  };
}
