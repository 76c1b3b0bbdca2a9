/** /task-templates: the legacy template list (worded priority, skills, safety, dependencies). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import * as schemas from '../../schemas/task-legacy.ts';
import {
  LegacyTaskTemplateBulkCreate,
  type LegacyTaskTemplateBulkCreateInput,
  LegacyTaskTemplateBulkResult,
} from '../../schemas/task-legacy.ts';
import { crudRoutes } from '../crud.ts';
import { contextOf, routeKit } from '../kit.ts';
import * as service from './service.ts';

const { op } = routeKit('task-templates');

const legacyTemplateRoutes: FastifyPluginAsyncTypebox = async (app) => {
  crudRoutes(
    app,
    'LegacyTaskTemplate',
    { schemas, service },
    {
      tag: 'task-templates',
      area: 'tasks',
      key: 'template',
      noun: 'legacy template',
      list: 'Legacy templates (category, priority)',
    },
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
      const result = await service.bulkCreateLegacyTemplates(
        contextOf(app, request),
        (request.body as LegacyTaskTemplateBulkCreateInput).templates,
      );
      return reply.code(201).send(result);
    },
  );
};

export default legacyTemplateRoutes;
