import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdParams } from '../../schemas/common.ts';
import {
  TaskCreate,
  TaskDeleteResult,
  TaskList,
  TaskListQuery,
  TaskResponse,
  TaskUpdate,
} from '../../schemas/task.ts';
import { byIdResult, created, updated } from '../handlers.ts';
import { conflict, contextOf, notFound, routeKit } from '../kit.ts';
import { createTask, deleteTask, listTasks, updateTask } from './service.ts';

// String enums and nullable text are Unsafe schemas the type provider reads as unknown: the
// checked input is cast to its Static type.
const { op } = routeKit('tasks');
const codeTaken = conflict('A task with this code already exists on the site');

const taskRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '',
    op(
      'tasks.read',
      { operationId: 'listTasks', summary: 'The site’s task catalogue, or the tasks assigned to a position' },
      { querystring: TaskListQuery, response: { 200: TaskList } },
    ),
    async (request) => ({ tasks: await listTasks(contextOf(app, request), request.query.position_id) }),
  );

  app.post(
    '',
    op(
      'tasks.create',
      { operationId: 'createTask', summary: 'Create a task' },
      { body: TaskCreate, response: { 201: TaskResponse, ...codeTaken } },
    ),
    created(app, 'task', createTask),
  );

  app.put(
    '/:id',
    op(
      'tasks.update',
      { operationId: 'updateTask', summary: 'Update a task' },
      {
        params: IdParams,
        body: TaskUpdate,
        response: { 200: TaskResponse, ...notFound('task'), ...codeTaken },
      },
    ),
    updated(app, 'task', updateTask),
  );

  app.delete(
    '/:id',
    op(
      'tasks.delete',
      {
        operationId: 'deleteTask',
        summary: 'Delete a task, or deactivate one that assignments, dependencies or work entries name',
      },
      { params: IdParams, response: { 200: TaskDeleteResult, ...notFound('task') } },
    ),
    byIdResult(app, deleteTask),
  );
};

export default taskRoutes;
