/**
 * The in-process scheduler, for PGlite (one server process owns the data folder, so there is no
 * other instance to share with). Each definition runs first `firstRunMs` after start, then
 * `everyMs` after its previous run ended. A failed run is retried after its retry delay, doubled
 * for each further retry, up to its retry limit; then it waits for its next turn. A job that must
 * not repeat a slot claims it per site in job_runs (the archive does).
 */
import type { FastifyInstance } from 'fastify';
import { liveAnnouncer } from './announce.ts';
import { backoffMs, type JobDefinition, retryOf } from './definition.ts';
import type { JobsState } from './index.ts';
import { runRecorded } from './recorded-run.ts';

export function runInProcess(app: FastifyInstance, jobs: JobDefinition[], state: JobsState): void {
  let stopping = false;
  const timers = new Map<string, NodeJS.Timeout>();
  const running = new Set<Promise<void>>();

  const start = (job: JobDefinition, delayMs: number, attempt: number) => {
    state.nextRunAt.set(job.name, Date.now() + delayMs);
    const tick = () => {
      const base = {
        db: app.database.db,
        log: app.log,
        instance: state.instance,
        stopping: () => stopping,
        announce: liveAnnouncer(app),
        runner: 'in-process' as const,
      };
      const run: Promise<void> = runRecorded(job, base, attempt)
        .then(
          () => true,
          (err) => {
            app.log.error({ err, job: job.name, attempt }, 'job failed');
            return false;
          },
        )
        .then((ok) => {
          running.delete(run);
          if (stopping) return;
          const policy = retryOf(job);
          if (!ok && attempt <= policy.limit) start(job, backoffMs(policy, attempt), attempt + 1);
          else start(job, job.everyMs, 1);
        });
      running.add(run);
    };
    timers.set(job.name, setTimeout(tick, delayMs).unref());
  };

  app.addHook('onReady', async () => {
    for (const job of jobs) start(job, job.firstRunMs, 1);
  });
  // preClose: before the database closes (onClose).
  app.addHook('preClose', async () => {
    stopping = true;
    for (const timer of timers.values()) clearTimeout(timer);
    state.nextRunAt.clear();
    await Promise.all(running);
  });
}
