/**
 * Sealing the audit log after changes commit (repositories/audit-events.ts sealSite).
 *
 * - After a request (`soon`): the site's seal is due SEAL_DELAY_MS later, so the events of the
 *   requests answered meanwhile are sealed by one run, not one run each (a run is a transaction of
 *   its own: with one per write, a site under steady writes paid a second commit per write).
 * - Now (`seal`, before a verification): a run that began after the call has ended when it resolves.
 *
 * One run per site at a time in this process; a run asked for while one is under way makes it go
 * round once more when it ends, so everything committed before the ask is sealed. Across processes
 * the site's head row lock lets one sealer in at a time. A run that fails is logged; the audit-seal
 * job (jobs/audit-seal.ts) and the next verification seal what it left.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { sealSite } from '../repositories/audit-events.ts';

/** How long after a request's answer its site's seal runs (the events it gathers meanwhile go in the same run). */
export const SEAL_DELAY_MS = 100;

interface SiteRun {
  again: boolean;
  done: Promise<void>;
}

export class AuditSealer {
  private readonly runs = new Map<string, SiteRun>();
  private readonly due = new Map<string, NodeJS.Timeout>();
  private readonly db: Db;
  private readonly log: FastifyBaseLogger;
  private readonly delayMs: number;

  constructor(db: Db, log: FastifyBaseLogger, delayMs = SEAL_DELAY_MS) {
    this.db = db;
    this.log = log;
    this.delayMs = delayMs;
  }

  /** The site has new committed events: seal them within a moment (once for all asked meanwhile). */
  soon(siteId: string): void {
    if (this.due.has(siteId)) return;
    const timer = setTimeout(() => {
      this.due.delete(siteId);
      void this.seal(siteId);
    }, this.delayMs);
    timer.unref();
    this.due.set(siteId, timer);
  }

  /** Seals the site's committed events; resolves once a run that began after this call has ended. */
  seal(siteId: string): Promise<void> {
    const current = this.runs.get(siteId);
    if (current) {
      current.again = true;
      return current.done;
    }
    const run: SiteRun = { again: true, done: Promise.resolve() };
    run.done = (async () => {
      try {
        while (run.again) {
          run.again = false;
          await sealSite(this.db, siteId, { wait: true });
        }
      } catch (err) {
        this.log.warn({ err, siteId }, 'could not seal the audit log; the audit-seal job will');
      } finally {
        this.runs.delete(siteId);
      }
    })();
    this.runs.set(siteId, run);
    return run.done;
  }

  /** Seals what is due now and waits for every run (before the database closes). */
  async idle(): Promise<void> {
    for (const [siteId, timer] of this.due) {
      clearTimeout(timer);
      this.due.delete(siteId);
      void this.seal(siteId);
    }
    while (this.runs.size > 0) await Promise.all([...this.runs.values()].map((r) => r.done));
  }
}
