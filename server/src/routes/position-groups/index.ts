import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdParams, MessageResponse } from '../../schemas/common.ts';
import {
  PositionGroupCreate,
  PositionGroupList,
  PositionGroupResponse,
  PositionGroupUpdate,
} from '../../schemas/position-group.ts';
import { conflict, contextOf, notFound, routeKit } from '../kit.ts';
import { createGroup, deleteGroup, getGroup, listGroupsJson, updateGroup } from './service.ts';

const { op } = routeKit('position-groups');
const codeTaken = conflict('A position group with this code already exists on this site');

const positionGroupRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '',
    op(
      'position_groups.read',
      { operationId: 'listPositionGroups', summary: 'Position groups of the caller’s site, with counts' },
      { response: { 200: PositionGroupList } },
    ),
    async (request, reply) => {
      const json = await listGroupsJson(contextOf(app, request));
      // Already JSON: Fastify sends a Buffer as it is.
      return reply.type('application/json; charset=utf-8').send(json as never);
    },
  );

  app.post(
    '',
    op(
      'position_groups.create',
      { operationId: 'createPositionGroup', summary: 'Create a position group' },
      { body: PositionGroupCreate, response: { 201: PositionGroupResponse, ...codeTaken } },
    ),
    async (request, reply) => {
      const group = await createGroup(contextOf(app, request), request.body);
      return reply.code(201).send({ position_group: group });
    },
  );

  app.get(
    '/:id',
    op(
      'position_groups.read',
      { operationId: 'getPositionGroup', summary: 'A position group with its positions' },
      { params: IdParams, response: { 200: PositionGroupResponse, ...notFound('position group') } },
    ),
    async (request) => ({ position_group: await getGroup(contextOf(app, request), request.params.id) }),
  );

  app.put(
    '/:id',
    op(
      'position_groups.update',
      {
        operationId: 'updatePositionGroup',
        summary: 'Update a position group',
        description: 'position_ids, when given, replaces the whole membership.',
      },
      {
        params: IdParams,
        body: PositionGroupUpdate,
        response: { 200: PositionGroupResponse, ...notFound('position group'), ...codeTaken },
      },
    ),
    async (request) => ({
      position_group: await updateGroup(contextOf(app, request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/:id',
    op(
      'position_groups.delete',
      {
        operationId: 'deletePositionGroup',
        summary: 'Delete a position group (its positions are kept)',
      },
      { params: IdParams, response: { 200: MessageResponse, ...notFound('position group') } },
    ),
    async (request) => deleteGroup(contextOf(app, request), request.params.id),
  );
};

export default positionGroupRoutes;
