/** /visit-schedules: positions.read reads, positions.update changes. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdParams, MessageResponse } from '../../schemas/common.ts';
import {
  VisitScheduleCreate,
  VisitScheduleList,
  VisitScheduleListQuery,
  VisitScheduleResponse,
  VisitScheduleUpdate,
} from '../../schemas/visit-schedule.ts';
import { EDITED, IfMatchHeaders } from '../edit-conflict.ts';
import { byId, byIdResult, created, updated } from '../handlers.ts';
import { conflict, contextOf, notFound, routeKit } from '../kit.ts';
import * as service from './service.ts';

const { op } = routeKit('visit-schedules');
const missing = notFound('visit schedule');

const visitScheduleRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '',
    op(
      'positions.read',
      {
        operationId: 'listVisitSchedules',
        summary: 'Visit schedules of the caller’s site; with position_id, also those of its groups',
      },
      { querystring: VisitScheduleListQuery, response: { 200: VisitScheduleList } },
    ),
    async (request) => ({
      visit_schedules: await service.listVisitSchedules(contextOf(app, request), request.query),
    }),
  );
  app.post(
    '',
    op(
      'positions.update',
      {
        operationId: 'createVisitSchedule',
        summary: 'Create a visit schedule for a position or a position group',
      },
      { body: VisitScheduleCreate, response: { 201: VisitScheduleResponse } },
    ),
    created(app, 'visit_schedule', service.createVisitSchedule),
  );
  app.get(
    '/:id',
    op(
      'positions.read',
      { operationId: 'getVisitSchedule', summary: 'One visit schedule' },
      { params: IdParams, response: { 200: VisitScheduleResponse, ...missing } },
    ),
    byId(app, 'visit_schedule', service.getVisitSchedule),
  );
  app.put(
    '/:id',
    op(
      'positions.update',
      {
        operationId: 'updateVisitSchedule',
        summary: 'Update a visit schedule',
        description:
          'A changed rule applies to windows starting from now; closed windows keep the rule they were judged by.',
      },
      {
        params: IdParams,
        headers: IfMatchHeaders,
        body: VisitScheduleUpdate,
        response: { 200: VisitScheduleResponse, ...missing, ...conflict(EDITED) },
      },
    ),
    updated(app, 'visit_schedule', service.updateVisitSchedule, 'visit_schedule'),
  );
  app.delete(
    '/:id',
    op(
      'positions.update',
      { operationId: 'deleteVisitSchedule', summary: 'Delete a visit schedule (its closed windows stay)' },
      { params: IdParams, response: { 200: MessageResponse, ...missing } },
    ),
    byIdResult(app, service.deleteVisitSchedule),
  );
};

export default visitScheduleRoutes;
