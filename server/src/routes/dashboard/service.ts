/**
 * The dashboard summary: counts (each only with the permission to read its list), the recent
 * five entries and 14 days of entries by status, scoped like the work entry list (the site's with
 * work_entries.view_all, otherwise the caller's own).
 */
import { hasPermission } from '#domain/permissions.ts';
import {
  DASHBOARD_CHART_DAYS,
  DASHBOARD_RECENT,
  WORK_ENTRY_COUNT_CAP,
  WORK_ENTRY_STATUSES,
  type WorkEntryStatus,
} from '#domain/work-entries.ts';
import { actorRole } from '../../lib/effective-permissions.ts';
import * as repo from '../../repositories/dashboard.ts';
import { getSiteSettings } from '../../repositories/site-settings.ts';
import type { RequestContext } from '../../types.ts';

/** YYYY-MM-DD of an instant in a time zone. */
const localDay = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    at,
  );

/** The last `n` local days, oldest first, and a safe lower bound of the first one as an instant. */
export function lastDays(now: Date, timeZone: string, n: number) {
  const today = localDay(now, timeZone);
  const base = Date.parse(`${today}T00:00:00Z`);
  const days = Array.from({ length: n }, (_, i) =>
    new Date(base - (n - 1 - i) * 86_400_000).toISOString().slice(0, 10),
  );
  // No zone is more than 14 hours ahead of UTC: anything earlier cannot fall on the first day.
  return { days, since: new Date(base - (n - 1) * 86_400_000 - 14 * 3_600_000) };
}

export async function dashboardSummary(ctx: RequestContext) {
  const { db, siteId, actor } = ctx;
  const can = (p: Parameters<typeof hasPermission>[1]) => hasPermission(actorRole(actor), p);
  const all = can('work_entries.view_all');
  const own = all ? undefined : actor.userId;
  const { timezone } = await getSiteSettings(db, siteId);
  const { days, since } = lastDays(new Date(), timezone, DASHBOARD_CHART_DAYS);
  const [counts, ownCount, recent, daily] = await Promise.all([
    repo.siteCounts(db, siteId, {
      users: can('users.read'),
      positions: can('positions.read'),
      tasks: can('tasks.read'),
      entries: all,
    }),
    all ? undefined : repo.countOwnEntries(db, siteId, actor.userId),
    repo.recentEntries(db, siteId, DASHBOARD_RECENT, own),
    all
      ? repo.siteDailyCounts(db, siteId, since, timezone)
      : repo.ownDailyCounts(db, siteId, actor.userId, since, timezone),
  ]);
  const { users, positions, tasks } = counts;
  const entries = ownCount ?? counts.entries ?? 0;
  const byDay = new Map(
    days.map((date) => [date, Object.fromEntries(WORK_ENTRY_STATUSES.map((s) => [s, 0]))]),
  );
  for (const { day, status, n } of daily) {
    const counts = byDay.get(day);
    if (counts && status in counts) counts[status] += n;
  }
  const capped = !all && entries > WORK_ENTRY_COUNT_CAP;
  return {
    counts: {
      users,
      positions,
      tasks,
      work_entries: capped ? WORK_ENTRY_COUNT_CAP : entries,
      work_entries_capped: capped,
    },
    recent: recent.map((r) => ({
      id: r.id,
      first_name: r.firstName,
      last_name: r.lastName,
      position_name: r.positionName,
      task_name: r.taskName,
      status: r.status as WorkEntryStatus,
      created_at: r.createdAt.toISOString(),
    })),
    per_day: days.map((date) => ({ date, ...(byDay.get(date) as Record<WorkEntryStatus, number>) })),
    time_zone: timezone,
  };
}
