/** /task-dependencies: at one position, which task waits for which; never a cycle. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdParams } from '../../schemas/common.ts';
import {
  BlockedQuery,
  BlockedTasks,
  DependencyCreate,
  DependencyList,
  DependencyListQuery,
  DependencyResponse,
  DependencyValidate,
  DependencyValidation,
} from '../../schemas/dependency.ts';
import { trashedMessage } from '../../schemas/trash.ts';
import { byIdResult, created } from '../handlers.ts';
import { conflict, contextOf, notFound, routeKit } from '../kit.ts';
import {
  blockedAt,
  createDependency,
  deleteDependency,
  listDependencies,
  validateDependency,
} from './service.ts';

const { op } = routeKit('task-dependencies');

const DependencyDeleteResult = trashedMessage('TaskDependencyDeleteResult');

const dependencyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '',
    op(
      'tasks.read',
      { operationId: 'listTaskDependencies', summary: 'Dependencies of the site (by position, by task)' },
      { querystring: DependencyListQuery, response: { 200: DependencyList } },
    ),
    async (request) => listDependencies(contextOf(app, request), request.query),
  );

  app.get(
    '/blocked',
    op(
      'tasks.read',
      {
        operationId: 'listBlockedTasks',
        summary: 'Tasks at a position that cannot start yet',
        description:
          'A task is blocked while it has a requires or blocks dependency on a task with no completed work entry at that position. Optional dependencies never block.',
      },
      { querystring: BlockedQuery, response: { 200: BlockedTasks, ...notFound('position') } },
    ),
    async (request) => blockedAt(contextOf(app, request), request.query.position_id),
  );

  app.post(
    '/validate',
    op(
      'tasks.create',
      {
        operationId: 'validateTaskDependency',
        summary: 'Would this dependency be accepted? (the create rules, without writing)',
      },
      { body: DependencyValidate, response: { 200: DependencyValidation } },
    ),
    async (request) => validateDependency(contextOf(app, request), request.body),
  );

  app.post(
    '',
    op(
      'tasks.create',
      {
        operationId: 'createTaskDependency',
        summary: 'Make a task wait for another at a position',
        description:
          'Refused: a task depending on itself or on a task not assigned to the position (400), a duplicate or a dependency that would close a cycle, with the cycle in the message (409).',
      },
      {
        body: DependencyCreate,
        response: { 201: DependencyResponse, ...conflict('A duplicate, or a cycle (named in the message)') },
      },
    ),
    created(app, 'dependency', createDependency),
  );

  app.delete(
    '/:id',
    op(
      'tasks.delete',
      { operationId: 'deleteTaskDependency', summary: 'Remove a dependency' },
      { params: IdParams, response: { 200: DependencyDeleteResult, ...notFound('task dependency') } },
    ),
    byIdResult(app, deleteDependency),
  );
};

export default dependencyRoutes;
