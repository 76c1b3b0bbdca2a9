import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import * as schemas from '../../schemas/position.ts';
import { PositionImportRequest, PositionImportResult } from '../../schemas/position.ts';
import { crudRoutes } from '../crud.ts';
import { conflict, contextOf, routeKit } from '../kit.ts';
import { importPositions } from './import.ts';
import * as service from './service.ts';

const { op } = routeKit('positions');
const TAKEN = 'The code or NFC tag id is already used on this site (details name the field)';

/**
 * A 5,000,000-character CSV may take twice that as JSON (quotes escaped, multi-byte letters);
 * only this route accepts more than the app's 256 KiB.
 */
const IMPORT_BODY_LIMIT = 12 * 1024 * 1024;

const positionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  crudRoutes(
    app,
    'Position',
    { schemas, service },
    {
      conflict: TAKEN,
      list: 'Positions of the caller’s site: all of them, or one page, filtered and sorted',
      update: 'Update a position (fields left out stay as they are)',
      remove: 'Delete a position, or deactivate one that has work entries, tasks or assignments',
    },
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
        { body: PositionImportRequest, response: { 200: PositionImportResult, ...conflict(TAKEN) } },
      ),
      bodyLimit: IMPORT_BODY_LIMIT,
    },
    async (request) => importPositions(contextOf(app, request), request.body),
  );
};

export default positionRoutes;
