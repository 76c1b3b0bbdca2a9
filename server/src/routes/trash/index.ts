/** /trash: what the site's deletes moved to the trash, restoring it, and deleting it forever. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { TRASH_PURGE_PERMISSION, TRASH_READERS } from '#domain/trash.ts';
import { MessageResponse } from '../../schemas/common.ts';
import {
  TrashIdParams,
  TrashList,
  TrashListQuery,
  TrashRestoreBody,
  TrashRestoreResult,
} from '../../schemas/trash.ts';
import { conflict, contextOf, notFound, routeKit } from '../kit.ts';
import { deleteTrashItem, listTrash, restoreTrashItem } from './service.ts';

const { op } = routeKit('trash');
const missing = notFound('trash item');

const trashRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '',
    op(
      { anyOf: TRASH_READERS },
      {
        operationId: 'listTrash',
        summary: 'What was deleted on the site, newest first: the kinds the caller may delete',
        description:
          'Each kind of record is listed to whoever holds the permission that deletes it (positions.delete for positions, tasks.delete for templates, assignments and dependencies, …). Items stay 30 days (purge_after).',
      },
      { querystring: TrashListQuery, response: { 200: TrashList } },
    ),
    async (request) => listTrash(contextOf(app, request), request.query),
  );

  app.post(
    '/:id/restore',
    op(
      { anyOf: TRASH_READERS },
      {
        operationId: 'restoreTrashItem',
        summary: 'Bring a record back with its id and what was removed with it',
        description:
          'Needs the permission that deletes that kind of record. 409 TRASH_RESTORE_CONFLICT names the field in details when it cannot: its code, NFC tag or key is now another record’s (send a new value for that field in the body to restore under it), or what it belongs to (its position, its task) is gone.',
      },
      {
        params: TrashIdParams,
        body: TrashRestoreBody,
        response: {
          200: TrashRestoreResult,
          ...missing,
          ...conflict('TRASH_RESTORE_CONFLICT: the field in details is taken, or what it names is gone'),
        },
      },
    ),
    async (request) => restoreTrashItem(contextOf(app, request), request.params.id, request.body),
  );

  app.delete(
    '/:id',
    op(
      TRASH_PURGE_PERMISSION,
      {
        operationId: 'deleteTrashItem',
        summary: 'Delete an item forever (admins: system.settings)',
      },
      { params: TrashIdParams, response: { 200: MessageResponse, ...missing } },
    ),
    async (request) => deleteTrashItem(contextOf(app, request), request.params.id),
  );
};

export default trashRoutes;
