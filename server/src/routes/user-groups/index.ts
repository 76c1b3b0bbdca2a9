/** /user-groups: the groups themselves (members and position access are in access.ts). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdParams, MessageResponse } from '../../schemas/common.ts';
import {
  UserGroupCreate,
  UserGroupList,
  type UserGroupListInput,
  UserGroupListQuery,
  UserGroupResponse,
  UserGroupUpdate,
  UserParams,
} from '../../schemas/user-group.ts';
import { byId, byIdResult, created, updated } from '../handlers.ts';
import { conflict, contextOf, notFound, routeKit } from '../kit.ts';
import accessRoutes from './access.ts';
import * as service from './service.ts';

// The type provider cannot follow the group type's enum (an Unsafe schema, for its one-line
// error message) and types it unknown; the schema has checked it, so the Static types stand
// (the list's cast below; the kit's handlers hand the body on as the service's input type).
const { op } = routeKit('user-groups');
const codeTaken = conflict('A user group with this code already exists on this site');

const userGroupRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '',
    op(
      'user_groups.read',
      { operationId: 'listUserGroups', summary: 'User groups of the caller’s site (never system groups)' },
      { querystring: UserGroupListQuery, response: { 200: UserGroupList } },
    ),
    async (request) => ({
      data: await service.listUserGroups(contextOf(app, request), request.query as UserGroupListInput),
    }),
  );

  app.post(
    '',
    op(
      'user_groups.create',
      {
        operationId: 'createUserGroup',
        summary: 'Create a user group; its manager becomes a member',
        description: 'group_code is generated from group_name when absent (src/domain/user-groups.ts).',
      },
      { body: UserGroupCreate, response: { 201: UserGroupResponse, ...codeTaken } },
    ),
    created(app, 'data', service.createUserGroup),
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

  app.get(
    '/:id',
    op(
      'user_groups.read',
      { operationId: 'getUserGroup', summary: 'A user group with its members' },
      { params: IdParams, response: { 200: UserGroupResponse, ...notFound('user group') } },
    ),
    byId(app, 'data', service.getUserGroup),
  );

  app.put(
    '/:id',
    op(
      'user_groups.update',
      { operationId: 'updateUserGroup', summary: 'Update a user group; a new manager becomes a member' },
      {
        params: IdParams,
        body: UserGroupUpdate,
        response: { 200: UserGroupResponse, ...notFound('user group'), ...codeTaken },
      },
    ),
    updated(app, 'data', service.updateUserGroup),
  );

  app.delete(
    '/:id',
    op(
      'user_groups.delete',
      { operationId: 'deleteUserGroup', summary: 'Delete a user group (its users and position groups stay)' },
      { params: IdParams, response: { 200: MessageResponse, ...notFound('user group') } },
    ),
    byIdResult(app, service.deleteUserGroup),
  );

  await app.register(accessRoutes);
};

export default userGroupRoutes;
