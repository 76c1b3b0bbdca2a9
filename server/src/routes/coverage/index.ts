/** /coverage: the report and windows (work_entries.view_all), a manager's excuse (work_entries.update). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { IdParams } from '../../schemas/common.ts';
import {
  CoverageExcuse,
  CoverageReport,
  CoverageReportQuery,
  CoverageWindowList,
  CoverageWindowResponse,
  CoverageWindowsQuery,
} from '../../schemas/coverage.ts';
import { PositionStateList } from '../../schemas/coverage-map.ts';
import { conflict, contextOf, notFound, routeKit } from '../kit.ts';
import { exportCoverage } from './export.ts';
import { positionsState } from './positions-state.ts';
import { coverageReport, excuseCoverageWindow, listCoverageWindows } from './service.ts';
import shareLinkRoutes from './share-links.ts';

const { op } = routeKit('coverage');

const coverageRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(shareLinkRoutes, { prefix: '/share-links' });

  app.get(
    '/report',
    op(
      'work_entries.view_all',
      {
        operationId: 'getCoverageReport',
        summary: 'Coverage of the period: totals, per day, per position (worst first) and per worker, or CSV',
        description:
          'from and to are days in the site’s time zone (inclusive). format=csv answers every window as CSV (spreadsheet formulas defused).',
      },
      {
        querystring: CoverageReportQuery,
        response: {
          200: {
            description: 'The report (JSON), or with format=csv every window (CSV with a header row)',
            content: {
              'application/json': { schema: Type.Ref(CoverageReport) },
              'text/csv': { schema: Type.String() },
            },
          },
        },
      },
    ),
    async (request, reply) => {
      const ctx = contextOf(app, request);
      if (request.query.format === 'csv') return exportCoverage(ctx, request.query, reply);
      return coverageReport(ctx, request.query);
    },
  );

  app.get(
    '/windows',
    op(
      'work_entries.view_all',
      {
        operationId: 'listCoverageWindows',
        summary: 'Judged windows with their verdicts and visiting entries, newest first, one page at a time',
      },
      { querystring: CoverageWindowsQuery, response: { 200: CoverageWindowList } },
    ),
    async (request) => listCoverageWindows(contextOf(app, request), request.query),
  );

  app.get(
    '/positions-state',
    op(
      'work_entries.view_all',
      {
        operationId: 'getCoveragePositionsState',
        summary: 'Every active position with its coordinates and its coverage state now, for the map',
        description:
          'One call for the whole site (10,000 positions in well under a second). The state is on_time, ' +
          'due_soon, late, missed or no_schedule; map_tile_url is the site’s base map setting.',
      },
      { response: { 200: PositionStateList } },
    ),
    async (request) => positionsState(contextOf(app, request)),
  );

  app.post(
    '/windows/:id/excuse',
    op(
      'work_entries.update',
      {
        operationId: 'excuseCoverageWindow',
        summary: 'Excuse a missed or late window with a reason',
      },
      {
        params: IdParams,
        body: CoverageExcuse,
        response: {
          200: CoverageWindowResponse,
          ...notFound('coverage window'),
          ...conflict('The window is on time or already excused (NOT_EXCUSABLE)'),
        },
      },
    ),
    async (request) => ({
      window: await excuseCoverageWindow(contextOf(app, request), request.params.id, request.body),
    }),
  );
};

export default coverageRoutes;
