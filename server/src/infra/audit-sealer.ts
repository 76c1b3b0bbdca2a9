/**
 * Sealing the audit log after changes commit (repositories/audit-events.ts sealSite): one run per
 * site at a time in this process; a request for a site whose run is under way makes that run go
 * round once more when it ends, so every event committed before a request is sealed by the run
 * that answers it, and a burst of writes costs a few runs, not one each. Across processes the
 * site's head row lock lets one sealer in at a time. A run that fails is logged; the audit-seal job
 * (jobs/audit-seal.ts) and the next verification seal what it left.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { sealSite } from '../repositories/audit-events.ts';

interface SiteRun {
  again: boolean;
  done: Promise<void>;
}

export class AuditSealer {
  private readonly runs = new Map<string, SiteRun>();
  private readonly db: Db;
  private readonly log: FastifyBaseLogger;

  constructor(db: Db, log: FastifyBaseLogger) {
    this.db = db;
    this.log = log;
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

  /** Every run under way has ended (before the database closes). */
  async idle(): Promise<void> {
    while (this.runs.size > 0) await Promise.all([...this.runs.values()].map((r) => r.done));
  }
}
