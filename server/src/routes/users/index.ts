import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import * as schemas from '../../schemas/user.ts';
import { crudRoutes } from '../crud.ts';
import * as service from './service.ts';

const userRoutes: FastifyPluginAsyncTypebox = async (app) => {
  crudRoutes(
    app,
    'User',
    { schemas, service },
    {
      conflict: 'Email already in use on this site',
      remove: 'Delete a user, or deactivate one that has work history',
    },
  );
};

export default userRoutes;
