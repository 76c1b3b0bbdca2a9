/** /unified-tasks/instances and the bulk create: tasks as they apply to positions. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdParams } from '../../schemas/common.ts';
import * as schemas from '../../schemas/task-instance.ts';
import {
  BulkCreateBody,
  type BulkCreateBodyInput,
  BulkCreateResult,
  FromTemplateBody,
  type FromTemplateBodyInput,
  TaskInstanceComplete,
  type TaskInstanceCompleteInput,
  TaskInstanceResponse,
} from '../../schemas/task-instance.ts';
import { crudRoutes } from '../crud.ts';
import { conflict, contextOf, notFound, routeKit } from '../kit.ts';
import { createInstances } from './bulk-service.ts';
import * as service from './instances-service.ts';

// The type provider reads string enums and nullable text (Unsafe schemas) as unknown; the schemas
// have checked the input, so the bodies and queries are cast to their Static types.
const { op } = routeKit('unified-tasks');
const missing = notFound('task instance');

const instanceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  crudRoutes(
    app,
    'TaskInstance',
    { schemas, service },
    {
      tag: 'unified-tasks',
      path: '/instances',
      area: 'tasks',
      key: 'instance',
      conflict: 'The position already has an open task from this template',
      list: 'Task instances, one page at a time (position, category, search; open ones unless includeCompleted)',
      create: 'Create a task instance at an active position (fields left out come from the template)',
    },
  );

  app.post(
    '/instances/from-template',
    op(
      'tasks.create',
      {
        operationId: 'createTaskInstancesFromTemplate',
        summary: 'Create a template’s task at up to 1,000 positions in one transaction',
        description:
          'Positions that already have an open instance of the template are skipped (listed with the reason), not duplicated. An unknown or inactive template or position refuses the whole call (400).',
      },
      { body: FromTemplateBody, response: { 201: BulkCreateResult } },
    ),
    async (request, reply) => {
      const { template_id, positions, ...overrides } = request.body as FromTemplateBodyInput;
      const result = await createInstances(contextOf(app, request), {
        templateIds: [template_id],
        positionIds: positions,
        templateField: 'template_id',
        positionsField: 'positions',
        ...overrides,
      });
      return reply.code(201).send(result);
    },
  );

  app.post(
    '/instances/:id/complete',
    op(
      'tasks.update',
      {
        operationId: 'completeTaskInstance',
        summary: 'Complete a task instance with optional notes (records who and when)',
      },
      {
        params: IdParams,
        body: TaskInstanceComplete,
        response: { 200: TaskInstanceResponse, ...missing, ...conflict('Already completed') },
      },
    ),
    async (request) => ({
      instance: await service.completeInstance(
        contextOf(app, request),
        request.params.id,
        (request.body as TaskInstanceCompleteInput | undefined)?.notes,
      ),
    }),
  );

  app.post(
    '/bulk/create-instances',
    op(
      'tasks.create',
      {
        operationId: 'bulkCreateTaskInstances',
        summary: 'Create every given template at every given position, in one transaction',
        description:
          'Body: template_ids (up to 50) and position_ids (up to 1,000); every template is created at every position, at most 10,000 pairs. Pairs that already have an open instance are skipped with the reason. An unknown or inactive template or position refuses the whole call (400).',
      },
      { body: BulkCreateBody, response: { 201: BulkCreateResult } },
    ),
    async (request, reply) => {
      const { template_ids, position_ids, ...overrides } = request.body as BulkCreateBodyInput;
      const result = await createInstances(contextOf(app, request), {
        templateIds: template_ids,
        positionIds: position_ids,
        templateField: 'template_ids',
        positionsField: 'position_ids',
        ...overrides,
      });
      return reply.code(201).send(result);
    },
  );
};

export default instanceRoutes;
