import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from '../../lib/validation.ts';
import { IdParams, MessageResponse } from '../../schemas/common.ts';
import {
  IdempotencyHeaders,
  PhotoUploadBody,
  WorkEntryCreate,
  WorkEntryDetail,
  WorkEntryExportQuery,
  WorkEntryList,
  WorkEntryListQuery,
  WorkEntryPhotoResponse,
  WorkEntryUpdate,
} from '../../schemas/work-entry.ts';
import { conflict, contextOf, notFound, routeKit } from '../kit.ts';
import { startEntryTableUpkeep } from './auto-analyze.ts';
import { checkInOnce } from './check-in.ts';
import { exportWorkEntries } from './export.ts';
import { inExportSlot } from './export-slot.ts';
import { servePhoto, uploadPhoto } from './photos.ts';
import { csvAnswer, keyedOf, keyReused, photoByLink, photoDeps, sendAnswer } from './route-parts.ts';
import { deleteWorkEntry, getWorkEntry, listWorkEntries, updateWorkEntryOnce } from './service.ts';

const { op } = routeKit('work-entries');

/** The photo upload's body is parsed by the multipart plugin in the handler, not validated as JSON. */
const multipartBody: FastifySchemaCompiler<object> = (route) =>
  route.httpPart === 'body' ? () => true : validatorCompiler(route);

const workEntryRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Registered here only: no other route accepts multipart bodies.
  await app.register(multipart);
  startEntryTableUpkeep(app);
  const deps = await photoDeps(app);

  app.get(
    '',
    op(
      'work_entries.read',
      {
        operationId: 'listWorkEntries',
        summary: 'Work entries, one page at a time (keyset cursor), filtered and sorted on the server',
        description:
          'A caller without work_entries.view_all sees only their own entries. The first page (no cursor) ' +
          'counts the matches up to 1,000 (total_capped when there are more; the unfiltered list of the site is counted exactly).',
      },
      { querystring: WorkEntryListQuery, response: { 200: WorkEntryList } },
    ),
    async (request) => listWorkEntries(contextOf(app, request), deps, request.query),
  );

  app.get(
    '/export',
    op(
      'work_entries.export',
      {
        operationId: 'exportWorkEntries',
        summary: 'Every matching work entry as CSV, streamed (same filters and sort as the list)',
        description: 'The X-Total-Count header gives the number of rows before the body starts.',
      },
      { querystring: WorkEntryExportQuery, response: csvAnswer },
    ),
    async (request, reply) => {
      const ctx = contextOf(app, request);
      return inExportSlot(ctx, reply, () => exportWorkEntries(ctx, request.query, reply));
    },
  );

  app.get(
    '/photos/:photoId',
    op(
      'public',
      {
        operationId: 'getWorkEntryPhoto',
        summary: 'A photo by its signed link (no bearer token: the signature and expiry are the proof)',
      },
      photoByLink,
    ),
    async (request, reply) => servePhoto(deps, app.database.db, request.params.photoId, request.query, reply),
  );

  app.get(
    '/:id',
    op(
      'work_entries.read',
      { operationId: 'getWorkEntry', summary: 'A work entry with its photos' },
      { params: IdParams, response: { 200: WorkEntryDetail, ...notFound('work entry') } },
    ),
    async (request) => getWorkEntry(contextOf(app, request), deps, request.params.id),
  );

  app.post(
    '',
    op(
      'work_entries.create',
      {
        operationId: 'createWorkEntry',
        summary: 'Check in: start work on a task at a position (by NFC tag id or position id)',
        description:
          'An inactive position is refused with code POSITION_INACTIVE (while NFC validation is on), a task ' +
          'blocked by an unfinished dependency with 409 TASK_BLOCKED. With an Idempotency-Key, a resend answers the first answer.',
      },
      {
        headers: IdempotencyHeaders,
        body: WorkEntryCreate,
        response: {
          201: WorkEntryDetail,
          ...conflict('The task is blocked by an unfinished dependency (TASK_BLOCKED)'),
          ...keyReused,
        },
      },
    ),
    async (request, reply) =>
      sendAnswer(reply, await checkInOnce(contextOf(app, request), deps, request.body, keyedOf(request))),
  );

  app.put(
    '/:id',
    op(
      'work_entries.read',
      {
        operationId: 'updateWorkEntry',
        summary: 'Change a work entry’s status (along the state chart) or notes',
        description:
          'work_entries.update changes any entry of the site; a worker (work_entries.create) only their own. ' +
          'A status change the entry’s current status does not allow is 409 INVALID_TRANSITION, with that ' +
          'status in details[0].params.current_status. With an Idempotency-Key, a resend answers the first answer.',
      },
      {
        params: IdParams,
        headers: IdempotencyHeaders,
        body: WorkEntryUpdate,
        response: {
          200: WorkEntryDetail,
          ...notFound('work entry'),
          ...conflict('The status change is not a transition of the state chart (INVALID_TRANSITION)'),
          ...keyReused,
        },
      },
    ),
    async (request, reply) =>
      sendAnswer(
        reply,
        await updateWorkEntryOnce(
          contextOf(app, request),
          deps,
          request.params.id,
          request.body,
          keyedOf(request),
        ),
      ),
  );

  app.delete(
    '/:id',
    op(
      'work_entries.delete',
      { operationId: 'deleteWorkEntry', summary: 'Delete a work entry and its photos' },
      { params: IdParams, response: { 200: MessageResponse, ...notFound('work entry') } },
    ),
    async (request) => deleteWorkEntry(contextOf(app, request), deps, request.params.id),
  );

  app.post(
    '/:id/photos',
    {
      ...op(
        'work_entries.read',
        {
          operationId: 'uploadWorkEntryPhoto',
          summary: 'Add a photo (JPEG, PNG or WebP, at most the site’s maxFileUploadSize MB)',
          description:
            'Same rule as a status change: your own entry, or any with work_entries.update. With an ' +
            'Idempotency-Key, a resend of the same file answers the first answer.',
        },
        {
          params: IdParams,
          headers: IdempotencyHeaders,
          consumes: ['multipart/form-data'],
          body: PhotoUploadBody,
          response: {
            201: WorkEntryPhotoResponse,
            ...notFound('work entry'),
            ...conflict('The entry already holds the most photos it may'),
            ...keyReused,
          },
        },
      ),
      validatorCompiler: multipartBody,
    },
    async (request, reply) =>
      sendAnswer(
        reply,
        await uploadPhoto(contextOf(app, request), deps, request.params.id, request, keyedOf(request).key),
      ),
  );
};

export default workEntryRoutes;
