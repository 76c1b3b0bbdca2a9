/**
 * The auto-archive job's queries: which sites archive and the move itself (its claim: job-runs.ts).
 *
 * A move is one transaction per batch: the batch's rows are locked (FOR UPDATE SKIP LOCKED, so a
 * second mover takes other rows, never the same), copied into the archive with their photo rows,
 * and deleted from work_entries. A process dying mid-batch rolls the whole batch back; a committed
 * batch is in the archive and gone from the list. The archive's primary key is the entry's id, so
 * an entry cannot be archived twice whatever happens. The delete fires the statement triggers of
 * work_entries, so the dashboard's counts (work_entry_site_totals, work_entry_hourly_counts) lose
 * the moved entries in the same transaction.
 */
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { withDefaults } from '#domain/site-settings.ts';
import { isFinalStatus, WORK_ENTRY_STATUSES } from '#domain/work-entries.ts';
import type { Db } from '../db/client.ts';
import {
  workEntriesArchive as a,
  workEntryPhotos as p,
  workEntryPhotosArchive as pa,
  siteSettings,
  users,
  workEntries as w,
} from '../db/schema/index.ts';

export interface ArchivingSite {
  siteId: string;
  retentionDays: number;
  timeZone: string;
}

/** Sites whose settings switch the auto-archive on, with their retention and time zone. */
export async function archivingSites(db: Db): Promise<ArchivingSite[]> {
  const rows = await db
    .select({ siteId: siteSettings.siteId, settings: siteSettings.settings })
    .from(siteSettings)
    .where(sql`${siteSettings.settings} ->> 'autoArchiveWorkEntries' = 'true'`)
    .orderBy(siteSettings.siteId);
  return rows.map((row) => {
    const s = withDefaults(row.settings);
    return { siteId: row.siteId, retentionDays: s.workEntryRetentionDays, timeZone: s.timezone };
  });
}

/**
 * The instant before which a closed entry is archived: the start (midnight in the site's time
 * zone) of the day `retentionDays` days before today there. So with 30 days, on 31 March an entry
 * that ended on 28 February (any time of that local day) moves, and one that ended on 1 March stays.
 */
export async function archiveCutoff(db: Db, now: Date, site: ArchivingSite): Promise<string> {
  const result = await db.execute(
    sql`select (((${now.toISOString()}::timestamptz at time zone ${site.timeZone})::date - ${site.retentionDays}::int)::timestamp at time zone ${site.timeZone})::text as cutoff`,
  );
  return (result as unknown as { rows: { cutoff: string }[] }).rows[0].cutoff;
}

/** Completed, failed and cancelled: the statuses an entry ends in. */
const CLOSED = WORK_ENTRY_STATUSES.filter(isFinalStatus);

const endedAt = sql`coalesce(${w.completedAt}, 'infinity'::timestamptz)`;

/** Moves up to `limit` closed entries of the site that ended before `cutoff`; returns how many. */
export async function moveBatch(db: Db, siteId: string, cutoff: string, limit: number): Promise<number> {
  return db.transaction(async (tx) => {
    const picked = await tx
      .select({ id: w.id })
      .from(w)
      .where(
        and(
          eq(w.siteId, siteId),
          // Open entries (in progress, paused) have no completed_at: never before any cutoff.
          inArray(w.status, CLOSED),
          lt(endedAt, sql`${cutoff}::timestamptz`),
        ),
      )
      .orderBy(endedAt, w.id)
      .limit(limit)
      .for('update', { of: w, skipLocked: true });
    const ids = picked.map((r) => r.id);
    if (ids.length === 0) return 0;
    await tx.insert(a).select(
      tx
        .select({
          id: w.id,
          siteId: w.siteId,
          userId: w.userId,
          positionId: w.positionId,
          taskId: w.taskId,
          taskInstanceId: w.taskInstanceId,
          taskName: w.taskName,
          status: w.status,
          startedAt: w.startedAt,
          completedAt: w.completedAt,
          durationMinutes: w.durationMinutes,
          pausedSeconds: w.pausedSeconds,
          notes: w.notes,
          nfcTagId: w.nfcTagId,
          latitude: w.latitude,
          longitude: w.longitude,
          distanceMeters: w.distanceMeters,
          firstName: users.firstName,
          lastName: users.lastName,
          positionName: w.positionName,
          createdAt: w.createdAt,
          updatedAt: w.updatedAt,
          archivedAt: sql<Date>`now()`.as('archived_at'),
        })
        .from(w)
        .innerJoin(users, eq(users.id, w.userId))
        .where(and(eq(w.siteId, siteId), inArray(w.id, ids))),
    );
    await tx.insert(pa).select(
      tx
        .select({
          id: p.id,
          siteId: p.siteId,
          workEntryId: p.workEntryId,
          url: p.url,
          contentType: p.contentType,
          sizeBytes: p.sizeBytes,
          createdAt: p.createdAt,
          updatedAt: p.updatedAt,
        })
        .from(p)
        .where(and(eq(p.siteId, siteId), inArray(p.workEntryId, ids))),
    );
    // The photo rows go with their entries (on delete cascade); the files stay where they are.
    const deleted = await tx
      .delete(w)
      .where(and(eq(w.siteId, siteId), inArray(w.id, ids)))
      .returning({ id: w.id });
    return deleted.length;
  });
}
