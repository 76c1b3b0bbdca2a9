/**
 * The trash purge: items past their purge_after (30 days after the delete) are
 * removed for good, each site's in batches, each batch one transaction with one audit event
 * (actor "system") naming the items it removed. Once per slot (an hour) across server processes:
 * on PostgreSQL the job queue (pg-boss) sees to it and the run claims nothing (`claim: false`), so
 * a retried run does its work instead of finding its own claim; in-process (PGlite) and when called
 * directly, the run claims (site, job, slot) in job_runs first, as the work-entry archive does. The
 * batch locks its rows with SKIP LOCKED, so even two purgers at once never remove one twice.
 */
import type { Db } from '../db/client.ts';
import type { AuditInput } from '../lib/audit-record.ts';
import { appendAuditEvent } from '../repositories/audit-events.ts';
import * as runs from '../repositories/job-runs.ts';
import * as repo from '../repositories/trash.ts';
import type { Announce } from './announce.ts';
import { HOUR_MS, type JobDefinition, secondsFromEnv, slotOf } from './definition.ts';

export const TRASH_PURGE_JOB = 'trash-purge';

export interface PurgeRunOptions {
  instance: string;
  now?: Date;
  slotMs?: number;
  batchSize?: number;
  staleSeconds?: number;
  stopping?: () => boolean;
  /** Claim each site's slot in job_runs (default); false when the job queue runs it once. */
  claim?: boolean;
  /** Tells the live event streams of each committed batch (the trash list reloads). */
  announce?: Announce;
}

export interface PurgeSiteRun {
  siteId: string;
  claimed: boolean;
  purged: number;
}

export async function runTrashPurge(db: Db, options: PurgeRunOptions): Promise<PurgeSiteRun[]> {
  const now = options.now ?? new Date();
  const slot = slotOf(now, options.slotMs ?? HOUR_MS);
  const batchSize = options.batchSize ?? 500;
  const results: PurgeSiteRun[] = [];
  for (const siteId of await repo.sitesWithDue(db, now)) {
    if (options.stopping?.()) break;
    const run = { siteId, job: TRASH_PURGE_JOB, slot, claimedBy: options.instance };
    const claiming = options.claim !== false;
    if (claiming && !(await runs.claimRun(db, { ...run, staleSeconds: options.staleSeconds ?? 600 }))) {
      results.push({ siteId, claimed: false, purged: 0 });
      continue;
    }
    let purged = 0;
    for (;;) {
      const event: AuditInput = { action: 'trash.purge', entity: 'trash' };
      const gone = await db.transaction(async (tx) => {
        const rows = await repo.purgeDue(tx, siteId, now, batchSize);
        if (rows.length > 0)
          await appendAuditEvent(
            tx,
            { siteId, actorId: null, actorName: 'system' },
            {
              ...event,
              details: {
                count: rows.length,
                items: rows.map((r) => ({ id: r.id, entity_type: r.entityType, entity_id: r.entityId })),
              },
            },
          );
        return rows.length;
      });
      if (gone > 0) await options.announce?.(siteId, [event]);
      purged += gone;
      const done = gone < batchSize || Boolean(options.stopping?.());
      if (claiming) await runs.recordRun(db, run, gone, done && gone < batchSize);
      if (done) break;
    }
    results.push({ siteId, claimed: true, purged });
  }
  return results;
}

/** Checked a few minutes after start and then hourly (TRASH_PURGE_FIRST_RUN_SECONDS for tests). */
export function trashPurgeJob(): JobDefinition {
  return {
    name: TRASH_PURGE_JOB,
    firstRunMs: secondsFromEnv('TRASH_PURGE_FIRST_RUN_SECONDS', 120_000),
    everyMs: HOUR_MS,
    async run({ db, log, instance, stopping, runner, announce }) {
      const runs = await runTrashPurge(db, { instance, stopping, claim: runner !== 'pg-boss', announce });
      for (const run of runs) {
        if (run.purged > 0) log.info({ siteId: run.siteId, purged: run.purged }, 'trash purged');
      }
      return {
        sites: Object.fromEntries(runs.filter((r) => r.claimed).map((r) => [r.siteId, { purged: r.purged }])),
      };
    },
  };
}
