/** /user-groups/{id}/members and /position-access: who is in a group, and where the group may work. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdParams, MessageResponse } from '../../schemas/common.ts';
import {
  MemberAdd,
  MemberParams,
  MemberResponse,
  PositionAccessAdd,
  PositionAccessList,
  PositionAccessParams,
  PositionAccessResponse,
} from '../../schemas/user-group.ts';
import { conflict, contextOf, notFound, routeKit } from '../kit.ts';
import * as service from './service.ts';

const { op } = routeKit('user-groups');

const accessRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/:id/members',
    op(
      'user_groups.assign_members',
      { operationId: 'addUserGroupMember', summary: 'Add an active user of the site to a group' },
      {
        params: IdParams,
        body: MemberAdd,
        response: {
          201: MemberResponse,
          ...notFound('user group'),
          ...conflict('The user is already a member'),
        },
      },
    ),
    async (request, reply) => {
      const data = await service.addMember(contextOf(app, request), request.params.id, request.body.user_id);
      return reply.code(201).send({ data });
    },
  );

  app.delete(
    '/:id/members/:userId',
    op(
      'user_groups.assign_members',
      { operationId: 'removeUserGroupMember', summary: 'Remove a member (not the group’s manager)' },
      {
        params: MemberParams,
        response: {
          200: MessageResponse,
          ...notFound('user group or member'),
          ...conflict('The user is the group’s manager'),
        },
      },
    ),
    async (request) =>
      service.removeMember(contextOf(app, request), request.params.id, request.params.userId),
  );

  app.get(
    '/:id/position-access',
    op(
      'user_groups.read',
      { operationId: 'listUserGroupPositionAccess', summary: 'The position groups a user group may work in' },
      { params: IdParams, response: { 200: PositionAccessList, ...notFound('user group') } },
    ),
    async (request) => ({
      data: await service.listPositionAccess(contextOf(app, request), request.params.id),
    }),
  );

  app.post(
    '/:id/position-access',
    op(
      'user_groups.assign_members',
      {
        operationId: 'grantUserGroupPositionAccess',
        summary: 'Give a user group access to a position group',
      },
      {
        params: IdParams,
        body: PositionAccessAdd,
        response: {
          201: PositionAccessResponse,
          ...notFound('user group'),
          ...conflict('The access is already granted'),
        },
      },
    ),
    async (request, reply) => {
      const data = await service.grantPositionAccess(
        contextOf(app, request),
        request.params.id,
        request.body.position_group_id,
      );
      return reply.code(201).send({ data });
    },
  );

  app.delete(
    '/:id/position-access/:positionGroupId',
    op(
      'user_groups.assign_members',
      {
        operationId: 'revokeUserGroupPositionAccess',
        summary: 'Take a position group’s access away from a user group',
      },
      {
        params: PositionAccessParams,
        response: { 200: MessageResponse, ...notFound('user group or access') },
      },
    ),
    async (request) =>
      service.revokePositionAccess(
        contextOf(app, request),
        request.params.id,
        request.params.positionGroupId,
      ),
  );
};

export default accessRoutes;
