import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { MessageResponse } from '../../schemas/common.ts';
import { RoleCreate, RoleIdParams, RoleList, RoleResponse, RoleUpdate } from '../../schemas/role.ts';
import { crudRoutes } from '../crud.ts';
import { createRole, deleteRole, listRoles, updateRole } from './service.ts';

const roleRoutes: FastifyPluginAsyncTypebox = async (app) => {
  crudRoutes(app, {
    tag: 'roles',
    area: 'roles',
    names: ['Role', 'Roles'],
    params: RoleIdParams,
    record: { key: 'role', name: 'role', schema: RoleResponse },
    conflict: 'A role with this name already exists on this site',
    list: {
      summary: 'The built-in roles and the site’s custom roles, with their permissions',
      response: RoleList,
      run: async (ctx) => ({ roles: await listRoles(ctx) }),
    },
    create: {
      summary: 'Create a custom role',
      description: 'The level must be below the caller’s; only permissions the caller holds.',
      body: RoleCreate,
      run: createRole,
    },
    update: {
      summary: 'Update a custom role below the caller’s level',
      description: 'A change of permissions applies to the role’s holders from their next request.',
      body: RoleUpdate,
      run: updateRole,
    },
    remove: {
      summary: 'Delete a custom role that no user holds',
      response: MessageResponse,
      conflict: 'Users still hold the role; the message says how many',
      run: deleteRole,
    },
  });
};

export default roleRoutes;
