/**
 * What a background job is: a name, how often it is due, and one run. The runners (index.ts) know
 * nothing of any job; a new job is a definition added to the list there. On PostgreSQL the job
 * queue (pg-boss, queue.ts) runs each slot once across server processes and retries a failed run
 * with backoff; on PGlite (one process owns the data folder) the in-process scheduler
 * (in-process.ts) runs the same definitions, retries the same way, and a job that must not repeat
 * a slot claims it per site (repositories/job-runs.ts).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { JobSiteCounts } from '../db/schema/index.ts';
import type { Services } from '../infra/index.ts';
import type { Mailer } from '../infra/mailer.ts';
import type { JobRunner } from '../types.ts';
import type { Announce } from './announce.ts';

export type { JobRunner };

export interface JobContext {
  db: Db;
  log: FastifyBaseLogger;
  /** Who runs (host, pid and a random part), recorded in claims and in the run history. */
  instance: string;
  /** Asked between batches: the server is closing, stop after the current one. */
  stopping: () => boolean;
  /**
   * 'pg-boss': the queue already runs this slot once across processes, claim nothing.
   * 'in-process' (and direct calls): claim per site in job_runs. Optional for callers outside the runners.
   */
  runner?: JobRunner;
  /** 1 for a slot's first run, 2 for its first retry, … */
  attempt?: number;
  /** Tells the live event streams what a committed batch changed (announce.ts); absent outside a server. */
  announce?: Announce;
  /** Outgoing mail and PUBLIC_URL, which links in emails are built from (the workers get them). */
  mail?: { mailer: Mailer; publicUrl: string | undefined };
  /** The server's configuration and infrastructure (the mailer): workers get them (jobs/workers.ts). */
  config?: Config;
  services?: Services;
  /** Wakes another worker of this process (jobs/workers.ts): the outbox dispatcher wakes the senders. */
  nudge?: (worker: string) => void;
}

/** What a run did, per site (e.g. { main: { moved: 12 } }), shown on the System status page. */
export interface JobResult {
  sites?: JobSiteCounts;
}

export interface JobRetry {
  /** Retries after a failed run before waiting for the next turn. */
  limit: number;
  /** Delay before the first retry; doubled for each further one (with jitter on pg-boss). */
  delaySeconds: number;
  /** Longest delay between retries. */
  maxDelaySeconds?: number;
}

export const DEFAULT_RETRY: Required<JobRetry> = { limit: 3, delaySeconds: 30, maxDelaySeconds: 900 };

export interface JobDefinition {
  name: string;
  /** Delay from the server's start to the first run. */
  firstRunMs: number;
  /**
   * Delay between runs. In-process: from the end of one run to the start of the next. On
   * PostgreSQL: the length of a slot (aligned to the epoch) in which the queue runs the job once.
   */
  everyMs: number;
  /** Retry policy of a failed run (DEFAULT_RETRY when omitted). */
  retry?: JobRetry;
  // biome-ignore lint/suspicious/noConfusingVoidType: a job that reports nothing keeps returning Promise<void>.
  run(context: JobContext): Promise<void | JobResult>;
}

/** A duration in seconds from the environment (tests shorten jobs' timers), or the default. */
export function secondsFromEnv(name: string, fallbackMs: number): number {
  const n = Number(process.env[name]);
  return Number.isFinite(n) && n > 0 ? n * 1000 : fallbackMs;
}

export const retryOf = (job: JobDefinition): Required<JobRetry> => ({ ...DEFAULT_RETRY, ...job.retry });

/** The in-process runner's delay before retry number `retry` (1, 2, …): doubling, capped. */
export function backoffMs(policy: Required<JobRetry>, retry: number): number {
  return Math.min(policy.maxDelaySeconds, policy.delaySeconds * 2 ** (retry - 1)) * 1000;
}

export const HOUR_MS = 60 * 60 * 1000;
export const DAY_MS = 24 * HOUR_MS;

/** The slot `now` falls in: its start, a multiple of the slot length since the epoch (UTC). */
export const slotOf = (now: Date, slotMs: number) => new Date(Math.floor(now.getTime() / slotMs) * slotMs);
