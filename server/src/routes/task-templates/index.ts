/** /task-templates: the legacy template list (worded priority, skills, safety, dependencies). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdParams, MessageResponse } from '../../schemas/common.ts';
import {
  LegacyTaskTemplateBulkCreate,
  type LegacyTaskTemplateBulkCreateInput,
  LegacyTaskTemplateBulkResult,
  LegacyTaskTemplateCreate,
  LegacyTaskTemplateList,
  LegacyTaskTemplateResponse,
  LegacyTaskTemplateUpdate,
  LegacyTemplateListQuery,
  type LegacyTemplateListQueryInput,
} from '../../schemas/task-legacy.ts';
import { byId, byIdResult, created, updated } from '../handlers.ts';
import { contextOf, notFound, routeKit } from '../kit.ts';
import {
  bulkCreateLegacyTemplates,
  createLegacyTemplate,
  deleteLegacyTemplate,
  getLegacyTemplate,
  listLegacyTemplates,
  updateLegacyTemplate,
} from './service.ts';

// String enums and nullable text are Unsafe schemas the type provider reads as unknown: the
// checked input is cast to its Static type.
const { op } = routeKit('task-templates');
const missing = notFound('template');

const legacyTemplateRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '',
    op(
      'tasks.read',
      { operationId: 'listLegacyTaskTemplates', summary: 'Legacy templates (category, priority)' },
      { querystring: LegacyTemplateListQuery, response: { 200: LegacyTaskTemplateList } },
    ),
    async (request) => ({
      templates: await listLegacyTemplates(
        contextOf(app, request),
        request.query as LegacyTemplateListQueryInput,
      ),
    }),
  );

  app.post(
    '',
    op(
      'tasks.create',
      { operationId: 'createLegacyTaskTemplate', summary: 'Create a legacy template' },
      { body: LegacyTaskTemplateCreate, response: { 201: LegacyTaskTemplateResponse } },
    ),
    created(app, 'template', createLegacyTemplate),
  );

  app.post(
    '/bulk-create',
    op(
      'tasks.create',
      {
        operationId: 'bulkCreateLegacyTaskTemplates',
        summary: 'Create up to 100 legacy templates at once (all or none)',
      },
      { body: LegacyTaskTemplateBulkCreate, response: { 201: LegacyTaskTemplateBulkResult } },
    ),
    async (request, reply) => {
      const result = await bulkCreateLegacyTemplates(
        contextOf(app, request),
        (request.body as LegacyTaskTemplateBulkCreateInput).templates,
      );
      return reply.code(201).send(result);
    },
  );

  app.get(
    '/:id',
    op(
      'tasks.read',
      { operationId: 'getLegacyTaskTemplate', summary: 'One legacy template' },
      { params: IdParams, response: { 200: LegacyTaskTemplateResponse, ...missing } },
    ),
    byId(app, 'template', getLegacyTemplate),
  );

  app.put(
    '/:id',
    op(
      'tasks.update',
      { operationId: 'updateLegacyTaskTemplate', summary: 'Update a legacy template' },
      {
        params: IdParams,
        body: LegacyTaskTemplateUpdate,
        response: { 200: LegacyTaskTemplateResponse, ...missing },
      },
    ),
    updated(app, 'template', updateLegacyTemplate),
  );

  app.delete(
    '/:id',
    op(
      'tasks.delete',
      { operationId: 'deleteLegacyTaskTemplate', summary: 'Delete a legacy template' },
      { params: IdParams, response: { 200: MessageResponse, ...missing } },
    ),
    byIdResult(app, deleteLegacyTemplate),
  );
};

export default legacyTemplateRoutes;
