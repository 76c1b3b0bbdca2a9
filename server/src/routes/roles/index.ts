import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { MessageResponse } from '../../schemas/common.ts';
import { RoleCreate, RoleIdParams, RoleList, RoleResponse, RoleUpdate } from '../../schemas/role.ts';
import { byIdResult, created, updated } from '../handlers.ts';
import { conflict, contextOf, notFound, routeKit } from '../kit.ts';
import { createRole, deleteRole, listRoles, updateRole } from './service.ts';

const { op } = routeKit('roles');
const nameTaken = conflict('A role with this name already exists on this site');

const roleRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '',
    op(
      'roles.read',
      {
        operationId: 'listRoles',
        summary: 'The built-in roles and the site’s custom roles, with their permissions',
      },
      { response: { 200: RoleList } },
    ),
    async (request) => ({ roles: await listRoles(contextOf(app, request)) }),
  );

  app.post(
    '',
    op(
      'roles.create',
      {
        operationId: 'createRole',
        summary: 'Create a custom role',
        description: 'The level must be below the caller’s; only permissions the caller holds.',
      },
      { body: RoleCreate, response: { 201: RoleResponse, ...nameTaken } },
    ),
    created(app, 'role', createRole),
  );

  app.put(
    '/:id',
    op(
      'roles.update',
      {
        operationId: 'updateRole',
        summary: 'Update a custom role below the caller’s level',
        description: 'A change of permissions applies to the role’s holders from their next request.',
      },
      {
        params: RoleIdParams,
        body: RoleUpdate,
        response: { 200: RoleResponse, ...notFound('role'), ...nameTaken },
      },
    ),
    updated(app, 'role', updateRole),
  );

  app.delete(
    '/:id',
    op(
      'roles.delete',
      { operationId: 'deleteRole', summary: 'Delete a custom role that no user holds' },
      {
        params: RoleIdParams,
        response: {
          200: MessageResponse,
          ...notFound('role'),
          ...conflict('Users still hold the role; the message says how many'),
        },
      },
    ),
    byIdResult(app, deleteRole),
  );
};

export default roleRoutes;
