/**
 * The field app's reads (a worker's phone): everything a worker needs at a position, with
 * work_entries.create, within the caller's site.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { IdParams } from '../../schemas/common.ts';
import { FieldMyWork, FieldOfflinePack, FieldPosition, FieldTagParams } from '../../schemas/field.ts';
import {
  FieldCoverageReason,
  FieldCoverageWindowResponse,
  FieldCoverageWindows,
} from '../../schemas/field-coverage.ts';
import { conflict, contextOf, notFound, routeKit } from '../kit.ts';
import { giveWorkerReason, myCoverageWindows } from './coverage.ts';
import { fieldPositionById, fieldPositionByTag, myWork, OFFLINE_PACK_MAX, offlinePack } from './service.ts';

const { op } = routeKit('field');

const inactive = conflict('The position is inactive (POSITION_INACTIVE)');

const fieldRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/tags/:tag',
    op(
      'work_entries.create',
      {
        operationId: 'getFieldPositionByTag',
        summary:
          'The position a tag opens, with its tasks in dependency order and their state for the caller',
        description: 'An unknown tag is 404 TAG_UNKNOWN; an inactive position 409 POSITION_INACTIVE.',
      },
      { params: FieldTagParams, response: { 200: Type.Ref(FieldPosition), ...notFound('tag'), ...inactive } },
    ),
    async (request) => fieldPositionByTag(contextOf(app, request), request.params.tag),
  );

  app.get(
    '/positions/:id',
    op(
      'work_entries.create',
      {
        operationId: 'getFieldPosition',
        summary: 'A position by id, as GET /field/tags/{tag} answers it',
        description: 'An unknown position is 404 POSITION_NOT_FOUND; an inactive one 409 POSITION_INACTIVE.',
      },
      { params: IdParams, response: { 200: Type.Ref(FieldPosition), ...notFound('position'), ...inactive } },
    ),
    async (request) => fieldPositionById(contextOf(app, request), request.params.id),
  );

  app.get(
    '/my-work',
    op(
      'work_entries.create',
      {
        operationId: 'getFieldMyWork',
        summary:
          'The caller’s entries in progress or paused, and those closed today (site time zone), newest first',
      },
      { response: { 200: FieldMyWork } },
    ),
    async (request) => myWork(contextOf(app, request)),
  );

  app.get(
    '/offline-pack',
    op(
      'work_entries.create',
      {
        operationId: 'getFieldOfflinePack',
        summary:
          'The positions the caller’s user groups may work in, as GET /field/positions/{id} answers each',
        description: `Active positions of the position groups granted to the caller’s active user groups, by code, at most ${OFFLINE_PACK_MAX} (truncated says when there are more).`,
      },
      { response: { 200: FieldOfflinePack } },
    ),
    async (request) => offlinePack(contextOf(app, request)),
  );

  app.get(
    '/coverage-windows',
    op(
      'work_entries.create',
      {
        operationId: 'getFieldCoverageWindows',
        summary: 'The caller’s coverage windows today and tomorrow (site time zone), by start',
        description:
          'Windows at the positions of the caller’s area (as the offline pack) and those the caller visited: judged ones with their verdict, the rest due (or visited already).',
      },
      { response: { 200: FieldCoverageWindows } },
    ),
    async (request) => myCoverageWindows(contextOf(app, request)),
  );

  app.post(
    '/coverage-windows/:id/reason',
    op(
      'work_entries.create',
      {
        operationId: 'giveFieldCoverageReason',
        summary:
          'The caller’s reason for a missed or late window of theirs (kept apart from a manager’s excuse)',
      },
      {
        params: IdParams,
        body: FieldCoverageReason,
        response: {
          200: FieldCoverageWindowResponse,
          ...notFound('coverage window of yours'),
          ...conflict('The window was not missed or late (NOT_EXCUSABLE)'),
        },
      },
    ),
    async (request) => giveWorkerReason(contextOf(app, request), request.params.id, request.body),
  );
};

export default fieldRoutes;
