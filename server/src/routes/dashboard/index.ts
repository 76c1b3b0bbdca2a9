import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DashboardSummary } from '../../schemas/dashboard.ts';
import { contextOf, routeKit } from '../kit.ts';
import { dashboardSummary } from './service.ts';

const { op } = routeKit('dashboard');

const dashboardRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/summary',
    op(
      'dashboard.view',
      {
        operationId: 'getDashboardSummary',
        summary: 'Counts, the five newest work entries and 14 days of entries by status, in one call',
      },
      { response: { 200: DashboardSummary } },
    ),
    async (request) => dashboardSummary(contextOf(app, request)),
  );
};

export default dashboardRoutes;
