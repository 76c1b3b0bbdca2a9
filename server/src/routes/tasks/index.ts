import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import * as schemas from '../../schemas/task.ts';
import { crudRoutes } from '../crud.ts';
import * as service from './service.ts';

const taskRoutes: FastifyPluginAsyncTypebox = async (app) => {
  crudRoutes(
    app,
    'Task',
    { schemas, service },
    {
      conflict: 'A task with this code already exists on the site',
      list: 'The site’s task catalogue, or the tasks assigned to a position',
      remove: 'Delete a task, or deactivate one that assignments, dependencies or work entries name',
    },
  );
};

export default taskRoutes;
