import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import * as schemas from '../../schemas/position-group.ts';
import { crudRoutes } from '../crud.ts';
import * as service from './service.ts';

const positionGroupRoutes: FastifyPluginAsyncTypebox = async (app) => {
  crudRoutes(
    app,
    'PositionGroup',
    { schemas, service },
    {
      conflict: 'A position group with this code already exists on this site',
      list: 'Position groups of the caller’s site, with counts',
      get: 'A position group with its positions',
      update: { description: 'position_ids, when given, replaces the whole membership.' },
      remove: 'Delete a position group (its positions are kept)',
    },
  );
};

export default positionGroupRoutes;
