/**
 * The run history of background jobs (job_history): a row when a run starts, completed when it
 * ends, read back for the System status page. Jobs are system-wide (one run serves every site),
 * so these queries are not site-scoped; what a run did is stored per site and the status service
 * hands a caller only their own site's figures.
 */
import { and, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { type JobSiteCounts, jobHistory } from '../db/schema/index.ts';

/** How long finished runs are kept. */
const KEEP_DAYS = 7;
/** A stored error message is cut to this length. */
const ERROR_MAX = 500;

export async function startRun(
  db: Db,
  run: { job: string; runner: string; instance: string; attempt: number },
): Promise<number> {
  const [row] = await db.insert(jobHistory).values(run).returning({ id: jobHistory.id });
  return row.id;
}

export async function finishRun(
  db: Db,
  id: number,
  job: string,
  outcome: { ok: boolean; sites?: JobSiteCounts; error?: string },
): Promise<void> {
  await db
    .update(jobHistory)
    .set({
      finishedAt: sql`now()`,
      ok: outcome.ok,
      sites: outcome.sites ?? null,
      error: outcome.error ? outcome.error.slice(0, ERROR_MAX) : null,
    })
    .where(eq(jobHistory.id, id));
  await db
    .delete(jobHistory)
    .where(
      and(
        eq(jobHistory.job, job),
        lt(jobHistory.startedAt, sql`now() - make_interval(days => ${KEEP_DAYS})`),
      ),
    );
}

export interface JobHistorySummary {
  job: string;
  last: typeof jobHistory.$inferSelect | null;
  failures: number;
  lastFailure: { at: Date; error: string | null } | null;
}

/** For each job: its latest run, its failed runs since `since` and the latest failure. */
export async function summaries(db: Db, jobs: string[], since: Date): Promise<JobHistorySummary[]> {
  if (jobs.length === 0) return [];
  const latest = await db
    .selectDistinctOn([jobHistory.job])
    .from(jobHistory)
    .where(inArray(jobHistory.job, jobs))
    .orderBy(jobHistory.job, desc(jobHistory.startedAt), desc(jobHistory.id));
  const failed = await db
    .selectDistinctOn([jobHistory.job], {
      job: jobHistory.job,
      at: jobHistory.finishedAt,
      error: jobHistory.error,
      n: sql<number>`count(*) over (partition by ${jobHistory.job})::int`,
    })
    .from(jobHistory)
    .where(and(inArray(jobHistory.job, jobs), eq(jobHistory.ok, false), gte(jobHistory.startedAt, since)))
    .orderBy(jobHistory.job, desc(jobHistory.startedAt), desc(jobHistory.id));
  return jobs.map((job) => {
    const f = failed.find((r) => r.job === job);
    return {
      job,
      last: latest.find((r) => r.job === job) ?? null,
      failures: f?.n ?? 0,
      lastFailure: f?.at ? { at: f.at, error: f.error } : null,
    };
  });
}
