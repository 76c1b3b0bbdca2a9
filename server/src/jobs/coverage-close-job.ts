/**
 * The coverage close as a scheduled job: every COVERAGE_CLOSE_SECONDS (default 30), so a window
 * is judged within a minute of its end plus tolerance. Read here: only this job uses it, and the
 * browser tests shorten it.
 */
import { COVERAGE_CLOSE_JOB, runCoverageClose } from './coverage-close.ts';
import { type JobDefinition, secondsFromEnv } from './definition.ts';

export function coverageCloseJob(): JobDefinition {
  const everyMs = secondsFromEnv('COVERAGE_CLOSE_SECONDS', 30_000);
  return {
    name: COVERAGE_CLOSE_JOB,
    firstRunMs: everyMs,
    everyMs,
    async run({ db, log, stopping, announce }) {
      const runs = await runCoverageClose(db, { stopping, announce });
      for (const run of runs.filter((r) => r.stored > 0)) {
        log.info({ siteId: run.siteId, stored: run.stored }, 'coverage windows judged');
      }
      return { sites: Object.fromEntries(runs.map((r) => [r.siteId, { judged: r.stored }])) };
    },
  };
}
