/**
 * The work-entry archive as a scheduled job: checked shortly after start and then every hour. On
 * PostgreSQL the job queue runs each hour's slot once across instances (the move is idempotent:
 * a run after the day's first finds nothing older than the cut-off); in-process its claim per site
 * and slot (a UTC day) makes it run once a day per site.
 *
 * WORK_ENTRY_ARCHIVE_FIRST_RUN_SECONDS (default 60) and WORK_ENTRY_ARCHIVE_SLOT_SECONDS (default
 * 86400, one run per slot) are read here rather than in config.ts: only this job uses them, and the
 * slot is shortened only by the browser tests.
 */
import { DAY_MS, HOUR_MS, type JobDefinition, secondsFromEnv } from './definition.ts';
import { ARCHIVE_JOB, runWorkEntryArchive } from './work-entry-archive.ts';

export function workEntryArchiveJob(): JobDefinition {
  const slotMs = secondsFromEnv('WORK_ENTRY_ARCHIVE_SLOT_SECONDS', DAY_MS);
  return {
    name: ARCHIVE_JOB,
    firstRunMs: secondsFromEnv('WORK_ENTRY_ARCHIVE_FIRST_RUN_SECONDS', 60_000),
    everyMs: Math.min(slotMs, HOUR_MS),
    async run({ db, log, instance, stopping, runner, announce }) {
      const claim = runner !== 'pg-boss';
      const runs = await runWorkEntryArchive(db, { instance, slotMs, stopping, claim, announce });
      for (const run of runs.filter((r) => r.moved > 0)) {
        log.info({ siteId: run.siteId, moved: run.moved, cutoff: run.cutoff }, 'work entries archived');
      }
      // What the status page shows: each site's moved count (a site whose slot another process
      // had claimed did nothing in this run).
      return {
        sites: Object.fromEntries(runs.filter((r) => r.claimed).map((r) => [r.siteId, { moved: r.moved }])),
      };
    },
  };
}
