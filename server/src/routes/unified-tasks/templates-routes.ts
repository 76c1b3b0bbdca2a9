/** /unified-tasks/templates: the template library. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdParams } from '../../schemas/common.ts';
import {
  TaskInstanceList,
  TemplateInstancesQuery,
  type TemplateInstancesQueryInput,
} from '../../schemas/task-instance.ts';
import * as schemas from '../../schemas/task-template.ts';
import { crudRoutes } from '../crud.ts';
import { contextOf, notFound, routeKit } from '../kit.ts';
import { listTaskInstances } from './instances-service.ts';
import * as service from './templates-service.ts';

// String enums and nullable text are Unsafe schemas the type provider reads as unknown: the
// checked input is cast to its Static type.
const { op } = routeKit('unified-tasks');
const missing = notFound('template');

const templateRoutes: FastifyPluginAsyncTypebox = async (app) => {
  crudRoutes(
    app,
    'TaskTemplate',
    { schemas, service },
    {
      tag: 'unified-tasks',
      area: 'tasks',
      key: 'template',
      noun: 'template',
      list: 'The template library (category, priority, search)',
      create: {
        summary: 'Create a template; its task_code is generated from the name',
        conflict: 'No free code is left for this name',
      },
      update: 'Update a template (its code stays)',
      remove: 'Delete a template; instances created from it are kept',
    },
  );

  app.get(
    '/:id/instances',
    op(
      'tasks.read',
      { operationId: 'listTaskTemplateInstances', summary: 'The instances created from a template' },
      {
        params: IdParams,
        querystring: TemplateInstancesQuery,
        response: { 200: TaskInstanceList, ...missing },
      },
    ),
    async (request) => {
      const ctx = contextOf(app, request);
      await service.loadTemplate(ctx, request.params.id);
      return listTaskInstances(ctx, {
        ...(request.query as TemplateInstancesQueryInput),
        templateId: request.params.id,
      });
    },
  );
};

export default templateRoutes;
