import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdParams, MessageResponse } from '../../schemas/common.ts';
import {
  PositionGroupCreate,
  PositionGroupList,
  PositionGroupResponse,
  PositionGroupUpdate,
} from '../../schemas/position-group.ts';
import { byId, byIdResult, created, jsonText, updated } from '../handlers.ts';
import { conflict, notFound, routeKit } from '../kit.ts';
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
    jsonText(app, listGroupsJson),
  );

  app.post(
    '',
    op(
      'position_groups.create',
      { operationId: 'createPositionGroup', summary: 'Create a position group' },
      { body: PositionGroupCreate, response: { 201: PositionGroupResponse, ...codeTaken } },
    ),
    created(app, 'position_group', createGroup),
  );

  app.get(
    '/:id',
    op(
      'position_groups.read',
      { operationId: 'getPositionGroup', summary: 'A position group with its positions' },
      { params: IdParams, response: { 200: PositionGroupResponse, ...notFound('position group') } },
    ),
    byId(app, 'position_group', getGroup),
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
    updated(app, 'position_group', updateGroup),
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
    byIdResult(app, deleteGroup),
  );
};

export default positionGroupRoutes;
