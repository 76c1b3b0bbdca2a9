/**
 * GET /ready: whether this instance can serve requests now, for a load balancer or an orchestrator
 * to route by (liveness, GET /health, only says the process runs). The database and, when
 * configured, Redis must each answer a trivial command within READY_TIMEOUT_MS; a stuck one is a
 * 503 naming it, so the proxy sends traffic to another instance until this one is ready again.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { type ErrorDetail, errorBody } from '../../lib/errors.ts';

export const READY_TIMEOUT_MS = 1000;

async function answers(check: () => Promise<unknown>): Promise<string | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(`No answer within ${READY_TIMEOUT_MS} ms`), READY_TIMEOUT_MS);
  });
  const outcome = check().then(
    () => undefined,
    (err: unknown) => (err instanceof Error ? err.message : String(err)) || 'Failed',
  );
  return Promise.race([outcome, timeout]).finally(() => clearTimeout(timer));
}

/** The 503 is answered here, not thrown: a proxy probing every few seconds would fill the error log. */
export async function readiness(app: FastifyInstance, reply: FastifyReply) {
  const redis = app.services.redis;
  const [database, redisProblem] = await Promise.all([
    answers(() => app.database.query('select 1')),
    redis ? answers(() => redis.ping()) : Promise.resolve(undefined),
  ]);
  const failed: ErrorDetail[] = [];
  if (database) failed.push({ field: 'database', message: database, rule: 'ready' });
  if (redisProblem) failed.push({ field: 'redis', message: redisProblem, rule: 'ready' });
  if (failed.length) {
    const message = `Not ready: ${failed.map((f) => f.field).join(' and ')} not answering`;
    return reply.code(503).send(errorBody(503, message, 'NOT_READY', failed));
  }
  return {
    status: 'ready' as const,
    checks: { database: 'ok' as const, ...(redis ? { redis: 'ok' as const } : {}) },
  };
}
