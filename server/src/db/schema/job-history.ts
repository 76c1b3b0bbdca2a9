/**
 * One row per run of a background job (server/src/jobs): when it started and ended, whether it
 * succeeded, which attempt it was (a failed run is retried with backoff), what it did per site
 * (e.g. {"main": {"moved": 12}}) and the error of a failed one. The System status page reads the
 * latest run and the recent failures of each job from here, on PGlite and PostgreSQL alike.
 * Jobs run for every site, so a row is the whole run; the status answer shows a site only its own
 * figures. Rows older than a week are pruned as new ones are written.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export type JobSiteCounts = Record<string, Record<string, number>>;

export const jobHistory = pgTable(
  'job_history',
  {
    id: serial('id').primaryKey(),
    job: text('job').notNull(),
    /** 'pg-boss' (PostgreSQL) or 'in-process' (PGlite). */
    runner: text('runner').notNull(),
    instance: text('instance').notNull(),
    attempt: integer('attempt').notNull().default(1),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** Null while running; then true or false. */
    ok: boolean('ok'),
    sites: jsonb('sites').$type<JobSiteCounts>(),
    error: text('error'),
  },
  (t) => [
    index('job_history_job_started_idx').on(t.job, t.startedAt),
    check('job_history_attempt_check', sql`${t.attempt} >= 1`),
  ],
);
