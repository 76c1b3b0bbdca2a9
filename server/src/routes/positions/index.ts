import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdParams } from '../../schemas/common.ts';
import {
  PositionCreate,
  PositionDeleteResult,
  PositionImportRequest,
  PositionImportResult,
  PositionList,
  PositionListQuery,
  PositionResponse,
  PositionUpdate,
} from '../../schemas/position.ts';
import { byIdResult, created, jsonText, updated } from '../handlers.ts';
import { conflict, contextOf, notFound, routeKit } from '../kit.ts';
import { importPositions } from './import.ts';
import { createPosition, deletePosition, listPositionsJson, updatePosition } from './service.ts';

const { op } = routeKit('positions');
// The type provider reads the nullable fields (a JSON-schema type list) as unknown; the schema
// has checked them, and the kit's handlers hand the body on as the service's input type.
const taken = conflict('The code or NFC tag id is already used on this site (details name the field)');

/**
 * A 5,000,000-character CSV may take twice that as JSON (quotes escaped, multi-byte letters);
 * only this route accepts more than the app's 256 KiB.
 */
const IMPORT_BODY_LIMIT = 12 * 1024 * 1024;

const positionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '',
    op(
      'positions.read',
      {
        operationId: 'listPositions',
        summary: 'Positions of the caller’s site: all of them, or one page, filtered and sorted',
      },
      { querystring: PositionListQuery, response: { 200: PositionList } },
    ),
    jsonText(app, listPositionsJson),
  );

  app.post(
    '',
    op(
      'positions.create',
      { operationId: 'createPosition', summary: 'Create a position' },
      { body: PositionCreate, response: { 201: PositionResponse, ...taken } },
    ),
    created(app, 'position', createPosition),
  );

  app.put(
    '/:id',
    op(
      'positions.update',
      { operationId: 'updatePosition', summary: 'Update a position (fields left out stay as they are)' },
      {
        params: IdParams,
        body: PositionUpdate,
        response: { 200: PositionResponse, ...notFound('position'), ...taken },
      },
    ),
    updated(app, 'position', updatePosition),
  );

  app.delete(
    '/:id',
    op(
      'positions.delete',
      {
        operationId: 'deletePosition',
        summary: 'Delete a position, or deactivate one that has work entries, tasks or assignments',
      },
      { params: IdParams, response: { 200: PositionDeleteResult, ...notFound('position') } },
    ),
    byIdResult(app, deletePosition),
  );

  app.post(
    '/import',
    {
      ...op(
        'positions.create',
        {
          operationId: 'importPositions',
          summary: 'Import positions from CSV: preview (dry run) or apply all rows or none',
          description:
            'Rows whose position_code exists update that position; others create one. Columns the file ' +
            'lacks stay as they are. Applying refuses the whole file (400 IMPORT_REJECTED) if any row is rejected.',
        },
        { body: PositionImportRequest, response: { 200: PositionImportResult, ...taken } },
      ),
      bodyLimit: IMPORT_BODY_LIMIT,
    },
    async (request) => importPositions(contextOf(app, request), request.body),
  );
};

export default positionRoutes;
