/**
 * The archive's rules: read-only, the site's archived entries for callers who see every entry
 * (work_entries.view_all); the export also for a caller with work_entries.export alone, limited to
 * their own entries like the live export. Photo links point at the archive's own photo route.
 */
import type { FastifyReply } from 'fastify';
import { errors } from '../../lib/errors.ts';
import { API_PREFIX } from '../../plugins/authorization.ts';
import * as repo from '../../repositories/work-entries-archive-list.ts';
import type { ApiWorkEntry } from '../../schemas/work-entry.ts';
import type { ArchiveFilters, ArchiveListOptions } from '../../schemas/work-entry-archive.ts';
import type { RequestContext } from '../../types.ts';
import type { PhotoLinks } from '../work-entries/photo-links.ts';
import type { PhotoStore } from '../work-entries/photo-store.ts';
import { sendSignedPhoto } from '../work-entries/photos.ts';
import { toApiEntry, toApiPhoto } from '../work-entries/present.ts';
import { entryFilterOf, invalidCursor } from '../work-entries/service.ts';

export interface ArchiveDeps {
  links: PhotoLinks;
  store: PhotoStore;
}

/** The live photo links' signature, on the archive's photo path. */
export function archiveLinks(links: PhotoLinks): PhotoLinks {
  const live = `${API_PREFIX}/work-entries/photos/`;
  return {
    url: (id) => links.url(id).replace(live, `${API_PREFIX}/work-entries/archive/photos/`),
    verify: links.verify,
  };
}

export async function archiveConditionFor(ctx: RequestContext, q: ArchiveFilters) {
  return repo.archiveCondition(ctx.siteId, await entryFilterOf(ctx, q));
}

/** An archived entry as the API answers a live one (never paused: only closed entries are archived). */
function present(row: repo.ArchivedRow, links: PhotoLinks): ApiWorkEntry {
  return toApiEntry({ ...row, pausedAt: null }, row.photoIds ?? [], links);
}

export async function listArchived(ctx: RequestContext, deps: ArchiveDeps, q: ArchiveListOptions) {
  const condition = await archiveConditionFor(ctx, q);
  const count = q.cursor === undefined ? await repo.countCapped(ctx.db, condition) : undefined;
  const page =
    count?.total === 0
      ? { rows: [], nextCursor: null }
      : await repo.pageAfter(ctx.db, condition, q.order ?? 'desc', q.limit ?? 25, q.cursor).catch((err) => {
          throw err instanceof repo.InvalidArchiveCursor ? invalidCursor() : err;
        });
  return {
    work_entries: page.rows.map((r) => present(r, deps.links)),
    next_cursor: page.nextCursor,
    total: count?.total ?? null,
    total_capped: count?.capped ?? false,
  };
}

export async function getArchived(ctx: RequestContext, deps: ArchiveDeps, id: number) {
  const row = await repo.findArchived(ctx.db, ctx.siteId, id);
  if (!row) throw errors.notFound('Archived work entry not found', 'WORK_ENTRY_NOT_FOUND');
  const photos = await repo.archivedPhotosOf(ctx.db, ctx.siteId, [id]);
  return {
    work_entry: present(row, deps.links),
    photos: photos.map((p) => toApiPhoto(p, deps.links)),
    archived_at: row.archivedAt.toISOString(),
  };
}

/** GET /work-entries/archive/photos/{id}?exp&sig: the live route's rules over the archive's rows. */
export function serveArchivedPhoto(
  deps: ArchiveDeps,
  db: RequestContext['db'],
  photoId: number,
  query: { exp: number; sig: string },
  reply: FastifyReply,
) {
  return sendSignedPhoto(deps, photoId, query, reply, (id) => repo.archivedPhotoById(db, id));
}
