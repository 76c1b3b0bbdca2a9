/** /user-groups: the groups themselves (members and position access are in access.ts). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import * as schemas from '../../schemas/user-group.ts';
import { UserGroupList, UserParams } from '../../schemas/user-group.ts';
import { crudRoutes } from '../crud.ts';
import { contextOf, notFound, routeKit } from '../kit.ts';
import accessRoutes from './access.ts';
import * as service from './service.ts';

const { op } = routeKit('user-groups');

const userGroupRoutes: FastifyPluginAsyncTypebox = async (app) => {
  crudRoutes(
    app,
    'UserGroup',
    { schemas, service },
    {
      key: 'data',
      conflict: 'A user group with this code already exists on this site',
      list: 'User groups of the caller’s site (never system groups)',
      create: {
        summary: 'Create a user group; its manager becomes a member',
        description: 'group_code is generated from group_name when absent (src/domain/user-groups.ts).',
      },
      get: 'A user group with its members',
      update: 'Update a user group; a new manager becomes a member',
      remove: 'Delete a user group (its users and position groups stay)',
    },
  );

  app.get(
    '/user/:userId',
    op(
      'user_groups.read',
      { operationId: 'listGroupsOfUser', summary: 'The user groups a user belongs to' },
      { params: UserParams, response: { 200: UserGroupList, ...notFound('user') } },
    ),
    async (request) => ({
      data: await service.groupsOfUser(contextOf(app, request), request.params.userId),
    }),
  );

  await app.register(accessRoutes);
};

export default userGroupRoutes;
