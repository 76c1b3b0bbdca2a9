/** /user-groups: the groups themselves (members and position access are in access.ts). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { MessageResponse } from '../../schemas/common.ts';
import {
  UserGroupCreate,
  UserGroupList,
  type UserGroupListInput,
  UserGroupListQuery,
  UserGroupResponse,
  UserGroupUpdate,
  UserParams,
} from '../../schemas/user-group.ts';
import { crudRoutes } from '../crud.ts';
import { contextOf, notFound, routeKit } from '../kit.ts';
import accessRoutes from './access.ts';
import * as service from './service.ts';

const { op } = routeKit('user-groups');

const userGroupRoutes: FastifyPluginAsyncTypebox = async (app) => {
  crudRoutes(app, {
    tag: 'user-groups',
    area: 'user_groups',
    names: ['UserGroup', 'UserGroups'],
    record: { key: 'data', name: 'user group', schema: UserGroupResponse },
    conflict: 'A user group with this code already exists on this site',
    list: {
      summary: 'User groups of the caller’s site (never system groups)',
      query: UserGroupListQuery,
      response: UserGroupList,
      run: async (ctx, query: UserGroupListInput) => ({ data: await service.listUserGroups(ctx, query) }),
    },
    create: {
      summary: 'Create a user group; its manager becomes a member',
      description: 'group_code is generated from group_name when absent (src/domain/user-groups.ts).',
      body: UserGroupCreate,
      run: service.createUserGroup,
    },
    get: { summary: 'A user group with its members', run: service.getUserGroup },
    update: {
      summary: 'Update a user group; a new manager becomes a member',
      body: UserGroupUpdate,
      run: service.updateUserGroup,
    },
    remove: {
      summary: 'Delete a user group (its users and position groups stay)',
      response: MessageResponse,
      run: service.deleteUserGroup,
    },
  });

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
