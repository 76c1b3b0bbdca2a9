/**
 * The job queue on PostgreSQL: pg-boss (its own `pgboss` schema in the same database, its own
 * small pool). Loaded only when the server runs its jobs, so apps built without jobs (tests,
 * scripts) never import or start it.
 *
 * Once per slot across instances: every process asks for a job's run at the start of each slot
 * (`everyMs` long, aligned to the epoch) with pg-boss throttling (singletonSeconds), whose unique
 * index admits one job per queue and slot however many processes ask; whichever worker fetches
 * it runs it (SKIP LOCKED). A failed run is retried by pg-boss with exponential backoff and jitter
 * (retryDelay · 2^n, capped) up to its retry limit. Stopping waits for the run in hand.
 */
import type { FastifyInstance } from 'fastify';
import { liveAnnouncer } from './announce.ts';
import type { JobDefinition } from './definition.ts';
import { retryOf } from './definition.ts';
import type { JobsState } from './index.ts';
import { runRecorded } from './recorded-run.ts';

/** pg-boss deletes finished jobs after a week (the throttle slot of a job is held while it is kept). */
const KEEP_SECONDS = 7 * 24 * 3600;
/** A run active longer than this is taken for dead and retried. */
const EXPIRE_SECONDS = 3600;

export function runOnQueue(app: FastifyInstance, jobs: JobDefinition[], state: JobsState): void {
  let stopping = false;
  const timers = new Map<string, NodeJS.Timeout>();
  let boss: import('pg-boss').PgBoss | undefined;
  const pollSeconds = Math.max(0.5, Number(process.env.JOB_QUEUE_POLL_SECONDS) || 2);

  const request = async (job: JobDefinition) => {
    if (!boss || stopping) return;
    await boss.send(job.name, {}, { singletonSeconds: job.everyMs / 1000 });
  };
  const plan = (job: JobDefinition, delayMs: number) => {
    state.nextRunAt.set(job.name, Date.now() + delayMs);
    const tick = () => {
      request(job)
        .catch((err) => app.log.error({ err, job: job.name }, 'could not queue a job run'))
        .finally(() => {
          if (stopping) return;
          // The next slot's start, plus a moment so every process's clock is inside it.
          const now = Date.now();
          const next = (Math.floor(now / job.everyMs) + 1) * job.everyMs;
          plan(job, next - now + Math.min(1000, job.everyMs / 10));
        });
    };
    timers.set(job.name, setTimeout(tick, delayMs).unref());
  };

  app.addHook('onReady', async () => {
    const { PgBoss } = await import('pg-boss');
    boss = new PgBoss({
      connectionString: app.database.url,
      schema: 'pgboss',
      max: 3,
      schedule: false,
      registerInstance: false,
    });
    boss.on('error', (err) => app.log.error({ err }, 'job queue error'));
    await boss.start();
    for (const job of jobs) {
      const policy = retryOf(job);
      const options = {
        retryLimit: policy.limit,
        retryDelay: policy.delaySeconds,
        retryBackoff: true,
        retryDelayMax: policy.maxDelaySeconds,
        expireInSeconds: EXPIRE_SECONDS,
        deleteAfterSeconds: KEEP_SECONDS,
      };
      if (await boss.getQueue(job.name)) await boss.updateQueue(job.name, options);
      else await boss.createQueue(job.name, options);
      const base = {
        db: app.database.db,
        log: app.log,
        instance: state.instance,
        stopping: () => stopping,
        announce: liveAnnouncer(app),
        runner: 'pg-boss' as const,
      };
      await boss.work(job.name, { pollingIntervalSeconds: pollSeconds, batchSize: 1 }, async ([queued]) => {
        await runRecorded(job, base, queued.retryCount + 1).catch((err) => {
          app.log.error({ err, job: job.name, attempt: queued.retryCount + 1 }, 'job failed');
          throw err;
        });
      });
      plan(job, job.firstRunMs);
    }
  });
  // preClose: before the database closes (onClose). pg-boss's graceful stop waits for the run in
  // hand (which stops after its current batch), then closes its pool.
  app.addHook('preClose', async () => {
    stopping = true;
    for (const timer of timers.values()) clearTimeout(timer);
    state.nextRunAt.clear();
    await boss?.stop({ graceful: true, close: true, timeout: 60_000 });
  });
}
