/**
 * The claims of background job runs (job_runs): one row per site, job and slot, so a job's slot
 * runs once per site. The in-process runner (embedded database) relies on them; on PostgreSQL the
 * pg-boss queue runs each slot once and jobs skip the claim (server/src/jobs/definition.ts).
 */
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { jobRuns } from '../db/schema/index.ts';

/**
 * Claims the run of `job` for the site and slot: true if this process is to run it. A claim whose
 * heartbeat is older than `staleSeconds` and never finished (its process died) is taken over.
 */
export async function claimRun(
  db: Db,
  run: { siteId: string; job: string; slot: Date; claimedBy: string; staleSeconds: number },
): Promise<boolean> {
  const slot = run.slot;
  const inserted = await db
    .insert(jobRuns)
    .values({ siteId: run.siteId, job: run.job, slot, claimedBy: run.claimedBy })
    .onConflictDoNothing()
    .returning({ job: jobRuns.job });
  if (inserted.length > 0) return true;
  const taken = await db
    .update(jobRuns)
    .set({ claimedBy: run.claimedBy, heartbeatAt: sql`now()` })
    .where(
      and(
        eq(jobRuns.siteId, run.siteId),
        eq(jobRuns.job, run.job),
        eq(jobRuns.slot, slot),
        isNull(jobRuns.finishedAt),
        lt(jobRuns.heartbeatAt, sql`now() - make_interval(secs => ${run.staleSeconds})`),
      ),
    )
    .returning({ job: jobRuns.job });
  return taken.length > 0;
}

/** Records progress of a claimed run (the heartbeat) and, with `finished`, its end. */
export async function recordRun(
  db: Db,
  run: { siteId: string; job: string; slot: Date; claimedBy: string },
  moved: number,
  finished: boolean,
): Promise<void> {
  await db
    .update(jobRuns)
    .set({
      moved: sql`${jobRuns.moved} + ${moved}`,
      heartbeatAt: sql`now()`,
      ...(finished ? { finishedAt: sql`now()` } : {}),
    })
    .where(
      and(
        eq(jobRuns.siteId, run.siteId),
        eq(jobRuns.job, run.job),
        eq(jobRuns.slot, run.slot),
        eq(jobRuns.claimedBy, run.claimedBy),
      ),
    );
}
