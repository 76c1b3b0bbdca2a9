/**
 * Background jobs of a server process (only server.ts asks for them: tests and scripts build apps
 * without). Each definition of jobDefinitions() runs first `firstRunMs` after start, then `everyMs` after its
 * previous run ended; a run that fails is logged and runs again at its next turn. Stopping waits
 * for the runs in hand (each batch is its own transaction anyway).
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { FastifyInstance } from 'fastify';
import { coverageCloseJob } from './coverage-close-job.ts';
import type { JobDefinition } from './definition.ts';
import { trashPurgeJob } from './trash-purge.ts';
import { workEntryArchiveJob } from './work-entry-archive-job.ts';

/** Every job of the product; built when the server schedules them (their timers read the environment). */
export const jobDefinitions = (): JobDefinition[] => [
  workEntryArchiveJob(),
  trashPurgeJob(),
  coverageCloseJob(),
];

export function scheduleJobs(app: FastifyInstance, jobs: JobDefinition[] = jobDefinitions()): void {
  const instance = `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  let stopping = false;
  const timers = new Map<string, NodeJS.Timeout>();
  const running = new Set<Promise<void>>();

  const start = (job: JobDefinition, delayMs: number) => {
    const tick = () => {
      const log = app.log.child({ job: job.name });
      const run: Promise<void> = job
        .run({ db: app.database.db, log, instance, stopping: () => stopping })
        .catch((err) => log.error({ err }, 'job failed; it runs again at its next turn'))
        .finally(() => {
          running.delete(run);
          if (!stopping) start(job, job.everyMs);
        });
      running.add(run);
    };
    timers.set(job.name, setTimeout(tick, delayMs).unref());
  };

  app.addHook('onReady', async () => {
    for (const job of jobs) start(job, job.firstRunMs);
  });
  // preClose: before the database closes (onClose).
  app.addHook('preClose', async () => {
    stopping = true;
    for (const timer of timers.values()) clearTimeout(timer);
    await Promise.all(running);
  });
}
