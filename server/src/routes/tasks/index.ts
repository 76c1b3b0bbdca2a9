import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  TaskCreate,
  TaskDeleteResult,
  TaskList,
  TaskListQuery,
  type TaskListQueryInput,
  TaskResponse,
  TaskUpdate,
} from '../../schemas/task.ts';
import { crudRoutes } from '../crud.ts';
import { createTask, deleteTask, listTasks, updateTask } from './service.ts';

const taskRoutes: FastifyPluginAsyncTypebox = async (app) => {
  crudRoutes(app, {
    tag: 'tasks',
    area: 'tasks',
    names: ['Task', 'Tasks'],
    record: { key: 'task', name: 'task', schema: TaskResponse },
    conflict: 'A task with this code already exists on the site',
    list: {
      summary: 'The site’s task catalogue, or the tasks assigned to a position',
      query: TaskListQuery,
      response: TaskList,
      run: async (ctx, query: TaskListQueryInput) => ({ tasks: await listTasks(ctx, query.position_id) }),
    },
    create: { summary: 'Create a task', body: TaskCreate, run: createTask },
    update: { summary: 'Update a task', body: TaskUpdate, run: updateTask },
    remove: {
      summary: 'Delete a task, or deactivate one that assignments, dependencies or work entries name',
      response: TaskDeleteResult,
      run: deleteTask,
    },
  });
};

export default taskRoutes;
