/**
 * Sealing the audit events a request wrote, once it has answered (its transactions have committed,
 * whatever its status: a failed sign-in writes an event too). The request's audit writer notes the
 * site (routes/audit-events/writer.ts requestAuditor); the seal runs a moment after the answer
 * (infra/audit-sealer.ts SEAL_DELAY_MS, one run for every request answered meanwhile), so no
 * request waits for it. app.auditSealer is also what a verification seals with first.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AuditSealer } from '../infra/audit-sealer.ts';

const written = new WeakMap<FastifyRequest, Set<string>>();

/** The request wrote an audit event of this site: seal it after the answer. */
export function sealAfterAnswer(request: FastifyRequest, siteId: string): void {
  const sites = written.get(request);
  if (sites) sites.add(siteId);
  else written.set(request, new Set([siteId]));
}

export default fp(async function auditSealing(app: FastifyInstance) {
  const sealer = new AuditSealer(app.database.db, app.log);
  app.decorate('auditSealer', sealer);
  app.addHook('onResponse', async (request) => {
    const sites = written.get(request);
    if (!sites) return;
    written.delete(request);
    for (const siteId of sites) sealer.soon(siteId);
  });
  // Before the database closes (onClose).
  app.addHook('preClose', async () => sealer.idle());
});
