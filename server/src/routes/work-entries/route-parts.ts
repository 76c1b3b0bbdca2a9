/**
 * What the live entries' routes and the archive's (routes/work-entries-archive) both declare: the
 * photo links and folder they are built with, the CSV export's answer and the schema of a photo
 * fetched by its signed link. Archived photo files stay where they were, so both read one folder.
 */
import path from 'node:path';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { loadJwtSecret } from '../../repositories/server-secrets.ts';
import { errorResponse } from '../../schemas/common.ts';
import { PhotoParams, PhotoQuery } from '../../schemas/work-entry.ts';
import { notFound } from '../kit.ts';
import { photoLinks } from './photo-links.ts';
import { photoStore } from './photo-store.ts';
import type { WorkEntryDeps } from './service.ts';

/** Links signed with a key from the token secret, and the photo folder. */
export async function photoDeps(app: FastifyInstance): Promise<WorkEntryDeps> {
  return {
    links: photoLinks(await loadJwtSecret(app.database.db, app.config)),
    // PHOTO_DIR is read here rather than in config.ts: only work entries store files (README, Configuration).
    store: photoStore(process.env.PHOTO_DIR || path.join(app.config.dataDir, 'photos')),
  };
}

/** The export's 200: the CSV text, streamed; 429 when too many exports run already (EXPORT_BUSY). */
export const csvAnswer = {
  200: { description: 'CSV with a header row', content: { 'text/csv': { schema: Type.String() } } },
  429: errorResponse('Too many exports running for this user or site (EXPORT_BUSY); see Retry-After'),
};

const image = { schema: Type.String({ format: 'binary' }) };

/** GET …/photos/{photoId}?exp&sig: the image in its own type, or 404. */
export const photoByLink = {
  params: PhotoParams,
  querystring: PhotoQuery,
  response: {
    200: {
      description: 'The image',
      content: { 'image/jpeg': image, 'image/png': image, 'image/webp': image },
    },
    ...notFound('photo (or the link is expired or not signed by this server)'),
  },
};
