/**
 * What a background job is: a name, how often it is due, and one run. The scheduler (index.ts)
 * knows nothing of any job; a new job is a definition added to the list there. A run is
 * idempotent and claims what it does per site (repositories/job-runs.ts), so several server
 * processes on one database do each site's slot once.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';

export interface JobContext {
  db: Db;
  log: FastifyBaseLogger;
  /** Who runs (host, pid and a random part), recorded in claims. */
  instance: string;
  /** Asked between batches: the server is closing, stop after the current one. */
  stopping: () => boolean;
}

export interface JobDefinition {
  name: string;
  /** Delay from the server's start to the first run. */
  firstRunMs: number;
  /** Delay between the end of one run and the start of the next. */
  everyMs: number;
  run(context: JobContext): Promise<void>;
}

/** A duration in seconds from the environment (tests shorten jobs' timers), or the default. */
export function secondsFromEnv(name: string, fallbackMs: number): number {
  const n = Number(process.env[name]);
  return Number.isFinite(n) && n > 0 ? n * 1000 : fallbackMs;
}
