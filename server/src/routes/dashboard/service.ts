/**
 * The dashboard summary: counts (each only with the permission to read its list), the recent
 * five entries and 14 days of entries by status, scoped like the work entry list (the site's with
 * work_entries.view_all, otherwise the caller's own).
 */
import { hasPermission } from '#domain/permissions.ts';
import { withDefaults } from '#domain/site-settings.ts';
import {
  DASHBOARD_CHART_DAYS,
  DASHBOARD_RECENT,
  WORK_ENTRY_COUNT_CAP,
  WORK_ENTRY_STATUSES,
  type WorkEntryStatus,
} from '#domain/work-entries.ts';
import { actorRole } from '../../infra/effective-permissions.ts';
import { dateTimeFormat } from '../../lib/intl-formats.ts';
import { ReadCache } from '../../lib/read-cache.ts';
import * as repo from '../../repositories/dashboard.ts';
import type { RequestContext } from '../../types.ts';

/** YYYY-MM-DD of an instant in a time zone. */
const localDay = (at: Date, timeZone: string) => {
  const format = dateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  return format.format(at);
};

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

/** The parts of a summary computed from the entries: valid while the site's entry version holds. */
interface EntryParts {
  /** The caller's own entries, uncapped up to cap + 1 (undefined for the site's view). */
  ownCount: number | undefined;
  recent: {
    id: number;
    first_name: string;
    last_name: string;
    position_name: string;
    task_name: string | null;
    status: WorkEntryStatus;
    created_at: string;
  }[];
  per_day: ({ date: string } & Record<WorkEntryStatus, number>)[];
}

/**
 * Per site and view (the site's, or one worker's own), for the time zone and days they were made
 * for, under the site's entry version (work_entry_site_totals.version: the counting triggers bump
 * it in the same transaction as every change to the site's entries, migration 0009), read with
 * the counts before the parts are computed (lib/read-cache.ts).
 */
const partsCache = new ReadCache<EntryParts>({ maxEntries: 1_000 });

async function entryParts(
  ctx: RequestContext,
  own: number | undefined,
  timeZone: string,
  days: string[],
  since: Date,
): Promise<EntryParts> {
  const { db, siteId } = ctx;
  const [ownCount, recent, daily] = await Promise.all([
    own === undefined ? undefined : repo.countOwnEntries(db, siteId, own),
    repo.recentEntries(db, siteId, DASHBOARD_RECENT, own),
    own === undefined
      ? repo.siteDailyCounts(db, siteId, since, timeZone)
      : repo.ownDailyCounts(db, siteId, own, since, timeZone),
  ]);
  const byDay = new Map(
    days.map((date) => [date, Object.fromEntries(WORK_ENTRY_STATUSES.map((s) => [s, 0]))]),
  );
  for (const { day, status, n } of daily) {
    const counts = byDay.get(day);
    if (counts && status in counts) counts[status] += n;
  }
  return {
    ownCount,
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
  };
}

/**
 * One round trip when no entry of the site changed since the last call for the same view: the
 * counts, the entry total, the version and the time zone are read afresh; the recent five and the
 * chart come from the cache while the version, the zone and the first day are the same.
 */
export async function dashboardSummary(ctx: RequestContext) {
  const { db, siteId, actor } = ctx;
  const can = (p: Parameters<typeof hasPermission>[1]) => hasPermission(actorRole(actor), p);
  const all = can('work_entries.view_all');
  const own = all ? undefined : actor.userId;
  const state = await repo.summaryState(db, siteId);
  const { timezone } = withDefaults({ timezone: state.timeZone });
  const { days, since } = lastDays(new Date(), timezone, DASHBOARD_CHART_DAYS);
  const key = `${siteId}\u0000${own ?? '*'}\u0000${timezone}\u0000${days[0]}`;
  // Read after the version: never older than it.
  const parts = await partsCache.get(db, key, state.version, () =>
    entryParts(ctx, own, timezone, days, since),
  );
  const entries = parts.ownCount ?? state.entries;
  const capped = !all && entries > WORK_ENTRY_COUNT_CAP;
  return {
    counts: {
      users: can('users.read') ? state.users : null,
      positions: can('positions.read') ? state.positions : null,
      tasks: can('tasks.read') ? state.tasks : null,
      work_entries: capped ? WORK_ENTRY_COUNT_CAP : entries,
      work_entries_capped: capped,
    },
    recent: parts.recent,
    per_day: parts.per_day,
    time_zone: timezone,
  };
}
