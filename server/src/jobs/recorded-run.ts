/**
 * One run of a job, whichever runner started it, written to the run history (job_history) that
 * the System status page reads: started, then finished with what it did or its error. A history
 * write that fails is logged and never fails the run itself.
 */
import type { FastifyBaseLogger } from 'fastify';
import * as history from '../repositories/job-history.ts';
import type { JobContext, JobDefinition, JobRunner } from './definition.ts';

export interface RunBase extends Omit<JobContext, 'runner' | 'attempt' | 'log'> {
  runner: JobRunner;
  log: FastifyBaseLogger;
}

export async function runRecorded(job: JobDefinition, base: RunBase, attempt: number): Promise<void> {
  const log = base.log.child({ job: job.name, attempt });
  const { db, runner, instance } = base;
  const id = await history.startRun(db, { job: job.name, runner, instance, attempt }).catch((err) => {
    log.warn({ err }, 'could not record the start of a job run');
    return null;
  });
  const finish = async (outcome: Parameters<typeof history.finishRun>[3]) => {
    if (id === null) return;
    await history
      .finishRun(db, id, job.name, outcome)
      .catch((err) => log.warn({ err }, 'could not record the end of a job run'));
  };
  try {
    const result = await job.run({ ...base, log, attempt });
    await finish({ ok: true, sites: result?.sites });
  } catch (err) {
    await finish({ ok: false, error: err instanceof Error ? err.message : String(err) });
    throw err;
  }
}
