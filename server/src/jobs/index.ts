/**
 * Background jobs of a server process (only server.ts asks for them: tests and scripts build apps
 * without). Every definition of jobDefinitions() runs on the job queue on PostgreSQL (pg-boss,
 * queue.ts: once per slot across instances, retried with backoff) and on the in-process
 * scheduler on PGlite (in-process.ts). Either way each run is recorded (recorded-run.ts) for the
 * System status page, and stopping the server waits for the run in hand.
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { FastifyInstance } from 'fastify';
import type { JobsState } from '../types.ts';
import { auditSealJob } from './audit-seal.ts';
import { coverageCloseJob } from './coverage-close-job.ts';
import type { JobDefinition } from './definition.ts';
import { runInProcess } from './in-process.ts';
import { notificationDigestJob } from './notification-digest.ts';
import { notificationSender } from './notification-sender.ts';
import { outboxWorker } from './outbox.ts';
import { runOnQueue } from './queue.ts';
import { trashPurgeJob } from './trash-purge.ts';
import { webhookWorker } from './webhook-delivery.ts';
import { workEntryArchiveJob } from './work-entry-archive-job.ts';
import { idleWorkers, runWorkers, type WorkerDefinition } from './workers.ts';

/** Every job of the product; built when the server schedules them (their timers read the environment). */
export const jobDefinitions = (): JobDefinition[] => [
  workEntryArchiveJob(),
  trashPurgeJob(),
  coverageCloseJob(),
  auditSealJob(),
  notificationDigestJob(),
];

/** Every worker (loops that drain a table as soon as there is work): built when the server starts them. */
export const workerDefinitions = (): WorkerDefinition[] => [
  outboxWorker(),
  webhookWorker(),
  notificationSender(),
];

export type { JobsState };

/** The jobs of an app built without them: listed on the status page, run by no one here. */
export const idleJobs = (): JobsState => ({
  runner: 'off',
  instance: '',
  names: jobDefinitions().map((j) => j.name),
  nextRunAt: new Map(),
  workers: idleWorkers(workerDefinitions()),
});

export function scheduleJobs(
  app: FastifyInstance,
  jobs: JobDefinition[] = jobDefinitions(),
  workers: WorkerDefinition[] = workerDefinitions(),
): JobsState {
  const instance = `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const state: JobsState = {
    runner: app.database.kind === 'postgres' ? 'pg-boss' : 'in-process',
    instance,
    names: jobs.map((j) => j.name),
    nextRunAt: new Map(),
    workers: runWorkers(app, workers, instance),
  };
  if (jobs.length === 0) return state;
  if (state.runner === 'pg-boss') runOnQueue(app, jobs, state);
  else runInProcess(app, jobs, state);
  return state;
}
