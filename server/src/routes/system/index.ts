import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requireAuth } from '../../plugins/authorization.ts';
import { errorResponse } from '../../schemas/common.ts';
import { Liveness, Readiness, SystemHealth, SystemMetrics } from '../../schemas/system.ts';
import { checkServices } from './checks.ts';
import { jobStatuses } from './jobs.ts';
import { siteMetrics } from './metrics.ts';
import { readiness } from './readiness.ts';

const tags = ['system'];

const systemRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'liveness',
        tags,
        summary: 'Liveness for load balancers (no database call)',
        security: [],
        response: { 200: Liveness },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/ready',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'readiness',
        tags,
        summary:
          'Readiness for load balancers: 200 when the database and Redis (if configured) answer within 1 s, else 503 naming what did not',
        security: [],
        response: {
          200: Readiness,
          503: errorResponse('Not ready: the details name what did not answer (database, redis)'),
        },
      },
    },
    async (_request, reply) => readiness(app, reply),
  );

  app.get(
    '/system/health',
    {
      config: { access: 'system.settings' },
      schema: {
        operationId: 'getSystemHealth',
        tags,
        summary: 'Health of database, api and redis, and the background jobs (last run, next run, failures)',
        response: { 200: SystemHealth },
      },
    },
    async (request) => {
      const [services, jobs] = await Promise.all([
        checkServices(app),
        // The health page must answer even when the history cannot be read (database trouble shows above).
        jobStatuses(app, requireAuth(request).siteId).catch((err) => {
          request.log.warn({ err }, 'could not read the background jobs’ history');
          return [];
        }),
      ]);
      return { services, jobs };
    },
  );

  app.get(
    '/system/metrics',
    {
      config: { access: 'system.settings' },
      schema: {
        operationId: 'getSystemMetrics',
        tags,
        summary: 'Counts, sessions, uptime, database size',
        response: { 200: SystemMetrics },
      },
    },
    async (request) => ({ metrics: await siteMetrics(app, requireAuth(request).siteId) }),
  );
};

export default systemRoutes;
