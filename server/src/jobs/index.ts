/**
 * Background jobs of a server process (only server.ts asks for them: tests and scripts build apps
 * without). The work-entry archive is checked shortly after start and then every hour; its claim
 * per site and UTC day (job_runs) makes it run once a day per site, however many processes share
 * the database. Stopping waits for the batch in hand (each batch is its own transaction anyway).
 *
 * WORK_ENTRY_ARCHIVE_FIRST_RUN_SECONDS (default 60) and WORK_ENTRY_ARCHIVE_SLOT_SECONDS (default
 * 86400, one run per slot) are read here rather than in config.ts: only this job uses them, and the
 * slot is shortened only by the browser tests.
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { FastifyInstance } from 'fastify';
import { DAY_MS, runWorkEntryArchive } from './work-entry-archive.ts';

const HOUR_MS = 60 * 60 * 1000;

function seconds(name: string, fallback: number): number {
  const n = Number(process.env[name]);
  return Number.isFinite(n) && n > 0 ? n * 1000 : fallback;
}

export function scheduleJobs(app: FastifyInstance): void {
  const firstRunMs = seconds('WORK_ENTRY_ARCHIVE_FIRST_RUN_SECONDS', 60_000);
  const slotMs = seconds('WORK_ENTRY_ARCHIVE_SLOT_SECONDS', DAY_MS);
  const checkMs = Math.min(slotMs, HOUR_MS);
  const instance = `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  const tick = () => {
    running = runWorkEntryArchive(app.database.db, { instance, slotMs, stopping: () => stopping })
      .then((runs) => {
        for (const run of runs.filter((r) => r.moved > 0)) {
          app.log.info({ siteId: run.siteId, moved: run.moved, cutoff: run.cutoff }, 'work entries archived');
        }
      })
      .catch((err) => app.log.error({ err }, 'work entry archive failed; it runs again at the next check'))
      .finally(() => {
        running = undefined;
        if (!stopping) timer = setTimeout(tick, checkMs).unref();
      });
  };

  app.addHook('onReady', async () => {
    timer = setTimeout(tick, firstRunMs).unref();
  });
  // preClose: before the database closes (onClose).
  app.addHook('preClose', async () => {
    stopping = true;
    clearTimeout(timer);
    await running;
  });
}
