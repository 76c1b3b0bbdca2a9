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
import { crudRoutes } from '../crud.ts';
import { contextOf, notFound, routeKit } from '../kit.ts';
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
  crudRoutes(app, {
    tag: 'unified-tasks',
    area: 'tasks',
    names: ['TaskTemplate', 'TaskTemplates'],
    record: { key: 'template', name: 'template', schema: TaskTemplateResponse },
    list: {
      summary: 'The template library (category, priority, search)',
      query: TaskTemplateListQuery,
      response: TaskTemplateList,
      run: async (ctx, query: TaskTemplateListQueryInput) => ({ templates: await listTemplates(ctx, query) }),
    },
    create: {
      summary: 'Create a template; its task_code is generated from the name',
      body: TaskTemplateCreate,
      conflict: 'No free code is left for this name',
      run: createTemplate,
    },
    get: { summary: 'One template', run: getTemplate },
    update: { summary: 'Update a template (its code stays)', body: TaskTemplateUpdate, run: updateTemplate },
    remove: {
      summary: 'Delete a template; instances created from it are kept',
      response: TaskTemplateDeleteResult,
      run: deleteTemplate,
    },
  });

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
