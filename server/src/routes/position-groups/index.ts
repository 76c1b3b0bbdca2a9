import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { MessageResponse } from '../../schemas/common.ts';
import {
  PositionGroupCreate,
  PositionGroupList,
  PositionGroupResponse,
  PositionGroupUpdate,
} from '../../schemas/position-group.ts';
import { crudRoutes } from '../crud.ts';
import { createGroup, deleteGroup, getGroup, listGroupsJson, updateGroup } from './service.ts';

const positionGroupRoutes: FastifyPluginAsyncTypebox = async (app) => {
  crudRoutes(app, {
    tag: 'position-groups',
    area: 'position_groups',
    names: ['PositionGroup', 'PositionGroups'],
    record: { key: 'position_group', name: 'position group', schema: PositionGroupResponse },
    conflict: 'A position group with this code already exists on this site',
    list: {
      summary: 'Position groups of the caller’s site, with counts',
      response: PositionGroupList,
      run: listGroupsJson,
    },
    create: { summary: 'Create a position group', body: PositionGroupCreate, run: createGroup },
    get: { summary: 'A position group with its positions', run: getGroup },
    update: {
      summary: 'Update a position group',
      description: 'position_ids, when given, replaces the whole membership.',
      body: PositionGroupUpdate,
      run: updateGroup,
    },
    remove: {
      summary: 'Delete a position group (its positions are kept)',
      response: MessageResponse,
      run: deleteGroup,
    },
  });
};

export default positionGroupRoutes;
