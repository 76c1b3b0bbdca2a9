/** /unified-tasks/positions/{id}/… and /unified-tasks/stats: a position's tasks and completion. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdParams } from '../../schemas/common.ts';
import {
  AvailableTemplatesQuery,
  type AvailableTemplatesQueryInput,
  PositionCompletionStats,
  PositionInstancesQuery,
  type PositionInstancesQueryInput,
  SiteCompletionStats,
  TaskInstanceList,
} from '../../schemas/task-instance.ts';
import { TaskTemplateList } from '../../schemas/task-template.ts';
import { contextOf, notFound, routeKit } from '../kit.ts';
import {
  assertPositionExists,
  listTaskInstances,
  positionCompletionStats,
  siteCompletionStats,
} from './instances-service.ts';
import { availableTemplates } from './templates-service.ts';

// String enums and nullable text are Unsafe schemas the type provider reads as unknown: the
// checked input is cast to its Static type.
const { op } = routeKit('unified-tasks');
const missing = notFound('position');

const positionTaskRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/positions/:id/instances',
    op(
      'tasks.read',
      { operationId: 'listPositionTaskInstances', summary: 'The task instances of a position' },
      {
        params: IdParams,
        querystring: PositionInstancesQuery,
        response: { 200: TaskInstanceList, ...missing },
      },
    ),
    async (request) => {
      const ctx = contextOf(app, request);
      await assertPositionExists(ctx, request.params.id);
      return listTaskInstances(ctx, {
        ...(request.query as PositionInstancesQueryInput),
        positionId: request.params.id,
      });
    },
  );

  app.get(
    '/positions/:id/available-templates',
    op(
      'tasks.read',
      {
        operationId: 'listPositionAvailableTemplates',
        summary: 'Active templates without an open instance at the position',
      },
      {
        params: IdParams,
        querystring: AvailableTemplatesQuery,
        response: { 200: TaskTemplateList, ...missing },
      },
    ),
    async (request) => ({
      templates: await availableTemplates(
        contextOf(app, request),
        request.params.id,
        request.query as AvailableTemplatesQueryInput,
      ),
    }),
  );

  app.get(
    '/positions/:id/completion-stats',
    op(
      'tasks.read',
      {
        operationId: 'getPositionCompletionStats',
        summary: 'Done and total active task instances of a position',
      },
      { params: IdParams, response: { 200: PositionCompletionStats, ...missing } },
    ),
    async (request) => positionCompletionStats(contextOf(app, request), request.params.id),
  );

  app.get(
    '/stats/completion',
    op(
      'tasks.read',
      {
        operationId: 'getTaskCompletionStats',
        summary: 'Done and total active task instances of the site, overall and per category',
      },
      { response: { 200: SiteCompletionStats } },
    ),
    async (request) => siteCompletionStats(contextOf(app, request)),
  );
};

export default positionTaskRoutes;
