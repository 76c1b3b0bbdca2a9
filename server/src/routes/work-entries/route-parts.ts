/**
 * What the live entries' routes and the archive's (routes/work-entries-archive) both declare: the
 * photo links and store they are built with, the CSV export's answer and the schema of a photo
 * fetched by its signed link. Archived photo files stay where they were, so both read one store.
 */
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { loadJwtSecret } from '../../repositories/server-secrets.ts';
import { errorResponse } from '../../schemas/common.ts';
import { PhotoParams, PhotoQuery } from '../../schemas/work-entry.ts';
import { notFound } from '../kit.ts';
import { type Answer, fingerprintOf, type Keyed } from './idempotency.ts';
import { photoLinks } from './photo-links.ts';
import type { WorkEntryDeps } from './service.ts';

/**
 * Links signed with a key from the token secret, and the photo store. Removing files never fails
 * a request: the rows are what count, and a file left behind (the store did not answer) is logged.
 */
export async function photoDeps(app: FastifyInstance): Promise<WorkEntryDeps> {
  const photos = app.services.photos;
  return {
    links: photoLinks(await loadJwtSecret(app.database.db, app.config)),
    store: {
      ...photos,
      delete: (keys) =>
        photos.delete(keys).catch((err) => app.log.warn({ err, keys }, 'photo files not removed')),
    },
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

/** The Idempotency-Key of a request (validated by its header schema) and its fingerprint. */
export function keyedOf(request: FastifyRequest): Keyed {
  const key = request.headers['idempotency-key'];
  return {
    key: typeof key === 'string' ? key : undefined,
    fingerprint: fingerprintOf(request.method, request.url, request.body),
  };
}

/** An action's answer, first or replayed (then marked by the Idempotent-Replayed header). */
export function sendAnswer(reply: FastifyReply, answer: Answer) {
  if (answer.replayed) reply.header('idempotent-replayed', 'true');
  return reply.code(answer.statusCode).send(answer.body);
}

/** The 422 of an Idempotency-Key sent again with another request. */
export const keyReused = {
  422: errorResponse('The Idempotency-Key was used before for another request (IDEMPOTENCY_KEY_REUSED)'),
};
