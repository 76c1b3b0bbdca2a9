/** /work-entries/archive: archived work entries, read-only, and their photos. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdParams } from '../../schemas/common.ts';
import {
  ArchivedWorkEntryDetail,
  ArchivedWorkEntryList,
  ArchiveExportQuery,
  ArchiveListQuery,
} from '../../schemas/work-entry-archive.ts';
import { contextOf, notFound, routeKit } from '../kit.ts';
import { inExportSlot } from '../work-entries/export-slot.ts';
import { csvAnswer, photoByLink, photoDeps } from '../work-entries/route-parts.ts';
import { exportArchived } from './export.ts';
import { type ArchiveDeps, archiveLinks, getArchived, listArchived, serveArchivedPhoto } from './service.ts';

const { op } = routeKit('work-entries');

const archiveRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const live = await photoDeps(app);
  const deps: ArchiveDeps = { ...live, links: archiveLinks(live.links) };

  app.get(
    '',
    op(
      'work_entries.view_all',
      {
        operationId: 'listArchivedWorkEntries',
        summary: 'Archived work entries, one page at a time (keyset cursor, by creation time)',
        description:
          'Entries the auto-archive job moved out of the list (site settings autoArchiveWorkEntries and workEntryRetentionDays). The first page counts the matches up to 1,000.',
      },
      { querystring: ArchiveListQuery, response: { 200: ArchivedWorkEntryList } },
    ),
    async (request) => listArchived(contextOf(app, request), deps, request.query),
  );

  app.get(
    '/export',
    op(
      'work_entries.export',
      {
        operationId: 'exportArchivedWorkEntries',
        summary: 'Every matching archived work entry as CSV, streamed (same filters as the archive list)',
        description:
          'Without work_entries.view_all only the caller’s own entries. X-Total-Count gives the number of rows.',
      },
      { querystring: ArchiveExportQuery, response: csvAnswer },
    ),
    async (request, reply) => {
      const ctx = contextOf(app, request);
      return inExportSlot(ctx, reply, () => exportArchived(ctx, request.query, reply));
    },
  );

  app.get(
    '/photos/:photoId',
    op(
      'public',
      {
        operationId: 'getArchivedWorkEntryPhoto',
        summary: 'An archived entry’s photo by its signed link (no bearer token)',
      },
      photoByLink,
    ),
    async (request, reply) =>
      serveArchivedPhoto(deps, app.database.db, request.params.photoId, request.query, reply),
  );

  app.get(
    '/:id',
    op(
      'work_entries.view_all',
      { operationId: 'getArchivedWorkEntry', summary: 'An archived work entry with its photos' },
      { params: IdParams, response: { 200: ArchivedWorkEntryDetail, ...notFound('archived work entry') } },
    ),
    async (request) => getArchived(contextOf(app, request), deps, request.params.id),
  );
};

export default archiveRoutes;
