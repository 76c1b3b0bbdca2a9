/** /task-templates: the legacy template list (worded priority, skills, safety, dependencies). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { MessageResponse } from '../../schemas/common.ts';
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
import { crudRoutes } from '../crud.ts';
import { contextOf, routeKit } from '../kit.ts';
import {
  bulkCreateLegacyTemplates,
  createLegacyTemplate,
  deleteLegacyTemplate,
  getLegacyTemplate,
  listLegacyTemplates,
  updateLegacyTemplate,
} from './service.ts';

const { op } = routeKit('task-templates');

const legacyTemplateRoutes: FastifyPluginAsyncTypebox = async (app) => {
  crudRoutes(app, {
    tag: 'task-templates',
    area: 'tasks',
    names: ['LegacyTaskTemplate', 'LegacyTaskTemplates'],
    record: { key: 'template', name: 'template', schema: LegacyTaskTemplateResponse },
    list: {
      summary: 'Legacy templates (category, priority)',
      query: LegacyTemplateListQuery,
      response: LegacyTaskTemplateList,
      run: async (ctx, query: LegacyTemplateListQueryInput) => ({
        templates: await listLegacyTemplates(ctx, query),
      }),
    },
    create: {
      summary: 'Create a legacy template',
      body: LegacyTaskTemplateCreate,
      run: createLegacyTemplate,
    },
    get: { summary: 'One legacy template', run: getLegacyTemplate },
    update: {
      summary: 'Update a legacy template',
      body: LegacyTaskTemplateUpdate,
      run: updateLegacyTemplate,
    },
    remove: { summary: 'Delete a legacy template', response: MessageResponse, run: deleteLegacyTemplate },
  });

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
};

export default legacyTemplateRoutes;
