/**
 * The audit log's catch-up sealer: every AUDIT_SEAL_SECONDS (default 60), each site with events
 * is sealed (repositories/audit-events.ts sealSite): what no request sealed, and an idle site's
 * floor moved on. Requests seal their own events
 * once answered; this seals the events of jobs (which answer no request) and of a process that
 * stopped between a commit and its seal. A site whose head another sealer holds is left to it
 * (FOR UPDATE SKIP LOCKED), so instances never wait for each other here.
 */
import { auditSites, sealSite } from '../repositories/audit-events.ts';
import { type JobDefinition, secondsFromEnv } from './definition.ts';

export const AUDIT_SEAL_JOB = 'audit-seal';

export function auditSealJob(): JobDefinition {
  const everyMs = secondsFromEnv('AUDIT_SEAL_SECONDS', 60_000);
  return {
    name: AUDIT_SEAL_JOB,
    firstRunMs: everyMs,
    everyMs,
    async run({ db, stopping }) {
      const sites: Record<string, { sealed: number }> = {};
      for (const siteId of await auditSites(db)) {
        if (stopping()) break;
        const run = await sealSite(db, siteId, { wait: false });
        if (run.sealed > 0) sites[siteId] = { sealed: run.sealed };
      }
      return { sites };
    },
  };
}
