import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import * as schemas from '../../schemas/role.ts';
import { crudRoutes } from '../crud.ts';
import * as service from './service.ts';

const roleRoutes: FastifyPluginAsyncTypebox = async (app) => {
  crudRoutes(
    app,
    'Role',
    { schemas, service },
    {
      params: schemas.RoleIdParams,
      conflict: 'A role with this name already exists on this site',
      list: 'The built-in roles and the site’s custom roles, with their permissions',
      create: {
        summary: 'Create a custom role',
        description: 'The level must be below the caller’s; only permissions the caller holds.',
      },
      update: {
        summary: 'Update a custom role below the caller’s level',
        description: 'A change of permissions applies to the role’s holders from their next request.',
      },
      remove: {
        summary: 'Delete a custom role that no user holds',
        conflict: 'Users still hold the role; the message says how many',
      },
    },
  );
};

export default roleRoutes;
