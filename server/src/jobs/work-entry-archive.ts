/**
 * The work-entry auto-archive: for each site whose settings switch it on, closed
 * entries (completed, failed, cancelled) that ended before the site's retention cut-off move from
 * work_entries to work_entries_archive, with their photo rows, a bounded batch per transaction.
 * "Older than workEntryRetentionDays" is judged by when the entry ended (completed_at), by whole
 * days in the site's time zone (repositories/work-entries-archive.ts archiveCutoff); an entry in
 * progress or paused never moves, however old.
 *
 * Once per site across server processes: on PostgreSQL the job queue (pg-boss) runs each slot once
 * and the run claims nothing (`claim: false`). In-process (PGlite) and when called directly, a run
 * first claims (site, job, slot) in job_runs, and only the process whose claim the database
 * accepted runs that site's slot. The batches themselves lock their rows with SKIP LOCKED, so even
 * two movers at once (a taken-over claim, a retried queue job) never move an entry twice.
 */
import type { Db } from '../db/client.ts';
import * as runs from '../repositories/job-runs.ts';
import * as repo from '../repositories/work-entries-archive.ts';
import type { Announce } from './announce.ts';
import { DAY_MS, slotOf } from './definition.ts';

export const ARCHIVE_JOB = 'work-entry-archive';

export interface ArchiveRunOptions {
  /** Who runs (host, pid and a random part), recorded in the claim. */
  instance: string;
  /** The clock of this run (tests pass their own day). */
  now?: Date;
  /** Length of a run slot: one run per site per slot (a UTC day by default). */
  slotMs?: number;
  /** Entries per transaction: small enough that the site's own requests never wait long. */
  batchSize?: number;
  /** A claim without a heartbeat this long belongs to a process that died: take it over. */
  staleSeconds?: number;
  /** Asked between batches: the server is closing, stop after the current batch. */
  stopping?: () => boolean;
  /** Claim each site's slot in job_runs (default); false when the job queue already runs it once. */
  claim?: boolean;
  /** Tells the live event streams of each committed batch (the archive and the dashboard reload). */
  announce?: Announce;
}

export interface SiteRun {
  siteId: string;
  /** False when another process holds (or already finished) this slot's claim. */
  claimed: boolean;
  moved: number;
  cutoff?: string;
}

const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

export async function runWorkEntryArchive(db: Db, options: ArchiveRunOptions): Promise<SiteRun[]> {
  const now = options.now ?? new Date();
  const slot = slotOf(now, options.slotMs ?? DAY_MS);
  const batchSize = options.batchSize ?? 500;
  const results: SiteRun[] = [];
  for (const site of await repo.archivingSites(db)) {
    if (options.stopping?.()) break;
    const run = { siteId: site.siteId, job: ARCHIVE_JOB, slot, claimedBy: options.instance };
    const claiming = options.claim !== false;
    const claimed =
      !claiming || (await runs.claimRun(db, { ...run, staleSeconds: options.staleSeconds ?? 600 }));
    if (!claimed) {
      results.push({ siteId: site.siteId, claimed: false, moved: 0 });
      continue;
    }
    const cutoff = await repo.archiveCutoff(db, now, site);
    let moved = 0;
    for (;;) {
      const n = await repo.moveBatch(db, site.siteId, cutoff, batchSize);
      moved += n;
      if (n > 0)
        await options.announce?.(site.siteId, [
          { action: 'work_entry.archive', entity: 'work_entry_archive' },
        ]);
      const done = n < batchSize || Boolean(options.stopping?.());
      if (claiming) await runs.recordRun(db, run, n, done && n < batchSize);
      if (done) break;
      await yieldToRequests();
    }
    results.push({ siteId: site.siteId, claimed: true, moved, cutoff });
  }
  return results;
}
