/** /unified-tasks/templates: the template library. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdParams } from '../../schemas/common.ts';
import {
  TaskInstanceList,
  TemplateInstancesQuery,
  type TemplateInstancesQueryInput,
} from '../../schemas/task-instance.ts';
import {
  TaskTemplateCreate,
  TaskTemplateDeleteResult,
  TaskTemplateList,
  TaskTemplateListQuery,
  type TaskTemplateListQueryInput,
  TaskTemplateResponse,
  TaskTemplateUpdate,
} from '../../schemas/task-template.ts';
import { byId, byIdResult, created, updated } from '../handlers.ts';
import { conflict, contextOf, notFound, routeKit } from '../kit.ts';
import { listInstances } from './instances-service.ts';
import {
  createTemplate,
  deleteTemplate,
  getTemplate,
  listTemplates,
  loadTemplate,
  updateTemplate,
} from './templates-service.ts';

// String enums and nullable text are Unsafe schemas the type provider reads as unknown: the
// checked input is cast to its Static type.
const { op } = routeKit('unified-tasks');
const missing = notFound('template');

const templateRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '',
    op(
      'tasks.read',
      { operationId: 'listTaskTemplates', summary: 'The template library (category, priority, search)' },
      { querystring: TaskTemplateListQuery, response: { 200: TaskTemplateList } },
    ),
    async (request) => ({
      templates: await listTemplates(contextOf(app, request), request.query as TaskTemplateListQueryInput),
    }),
  );

  app.post(
    '',
    op(
      'tasks.create',
      {
        operationId: 'createTaskTemplate',
        summary: 'Create a template; its task_code is generated from the name',
      },
      {
        body: TaskTemplateCreate,
        response: { 201: TaskTemplateResponse, ...conflict('No free code is left for this name') },
      },
    ),
    created(app, 'template', createTemplate),
  );

  app.get(
    '/:id',
    op(
      'tasks.read',
      { operationId: 'getTaskTemplate', summary: 'One template' },
      { params: IdParams, response: { 200: TaskTemplateResponse, ...missing } },
    ),
    byId(app, 'template', getTemplate),
  );

  app.put(
    '/:id',
    op(
      'tasks.update',
      { operationId: 'updateTaskTemplate', summary: 'Update a template (its code stays)' },
      { params: IdParams, body: TaskTemplateUpdate, response: { 200: TaskTemplateResponse, ...missing } },
    ),
    updated(app, 'template', updateTemplate),
  );

  app.delete(
    '/:id',
    op(
      'tasks.delete',
      {
        operationId: 'deleteTaskTemplate',
        summary: 'Delete a template; instances created from it are kept',
      },
      { params: IdParams, response: { 200: TaskTemplateDeleteResult, ...missing } },
    ),
    byIdResult(app, deleteTemplate),
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
      await loadTemplate(ctx, request.params.id);
      return listInstances(ctx, {
        ...(request.query as TemplateInstancesQueryInput),
        templateId: request.params.id,
      });
    },
  );
};

export default templateRoutes;
