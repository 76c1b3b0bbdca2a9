/**
 * The background jobs' part of GET /system/health: for each job, its latest run (when, ok or
 * failed, which attempt, what it did on the caller's site), when this server next runs it, and
 * its failures of the last 24 hours with the latest error. Runs are system-wide; a site sees only
 * its own figures of what a run did.
 */
import type { Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import * as history from '../../repositories/job-history.ts';
import type { JobStatus } from '../../schemas/system.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export async function jobStatuses(app: FastifyInstance, siteId: string): Promise<Static<typeof JobStatus>[]> {
  const { names, runner, nextRunAt } = app.jobs;
  const rows = await history.summaries(app.database.db, names, new Date(Date.now() - DAY_MS));
  return rows.map(({ job, last, failures, lastFailure }) => {
    const next = nextRunAt.get(job);
    return {
      name: job,
      runner,
      last_run: last
        ? {
            started_at: last.startedAt.toISOString(),
            finished_at: last.finishedAt?.toISOString() ?? null,
            status: last.ok === null ? 'running' : last.ok ? 'ok' : 'failed',
            attempt: last.attempt,
            result: last.sites?.[siteId] ?? {},
            error: last.error,
          }
        : null,
      next_run_at: next === undefined ? null : new Date(next).toISOString(),
      failures_24h: failures,
      last_failure: lastFailure
        ? { at: lastFailure.at.toISOString(), error: lastFailure.error ?? 'Unknown error' }
        : null,
    };
  });
}
