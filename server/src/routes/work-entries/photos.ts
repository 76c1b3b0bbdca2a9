/**
 * Photo upload (multipart, at most the site's maxFileUploadSize MB, a JPEG, PNG or WebP by its
 * bytes) and the signed download that needs no bearer token.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../../lib/errors.ts';
import { getSiteSettings } from '../../repositories/site-settings.ts';
import * as photosRepo from '../../repositories/work-entries-photos.ts';
import type { RequestContext } from '../../types.ts';
import { loadWritable } from './access.ts';
import { fingerprintOf, once, storedAnswer } from './idempotency.ts';
import { NotAnImage, type SavedPhoto, savePhoto } from './photo-store.ts';
import { toApiPhoto } from './present.ts';
import type { WorkEntryDeps } from './service.ts';

/** Photos one entry may hold: enough for any job, a bound on what one entry can fill the disk with. */
export const MAX_PHOTOS_PER_ENTRY = 20;

const photoError = (status: number, message: string, rule: string, code = 'VALIDATION_ERROR') =>
  new HttpError(status, `photo: ${message}`, { code, details: [{ field: 'photo', message, rule }] });

/** What the multipart parser (busboy) throws for a body it cannot read: plain errors, no code. */
const BROKEN_MULTIPART = /^Multipart: |unexpected end of multipart data|Malformed part header/i;

/**
 * A body the multipart parser refused, as a 4xx naming the field (undefined for anything else, a
 * disk error say, which stays a 500). The plugin's own limit errors carry a 4xx status already.
 */
function multipartFailure(err: unknown): HttpError | undefined {
  const e = err as { code?: string; statusCode?: number; message?: string };
  if (typeof e?.code === 'string' && e.code.startsWith('FST_') && e.statusCode && e.statusCode < 500) {
    return e.statusCode === 413
      ? photoError(413, 'Send one image in the field "photo" and nothing else', 'maxItems', 'BODY_TOO_LARGE')
      : photoError(400, 'The multipart body is not valid', 'multipart');
  }
  if (!e?.code && typeof e?.message === 'string' && BROKEN_MULTIPART.test(e.message)) {
    return photoError(
      400,
      'The multipart body is not valid (boundary missing or body cut short)',
      'multipart',
    );
  }
  return undefined;
}

async function orMultipartFailure<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (err) {
    throw multipartFailure(err) ?? err;
  }
}

/**
 * With an Idempotency-Key the file is read first: its bytes are part of the request a resend must
 * match. A resend then answers the first answer, whatever the entry holds by now.
 */
export async function uploadPhoto(
  ctx: RequestContext,
  deps: WorkEntryDeps,
  entryId: number,
  request: FastifyRequest,
  key: string | undefined,
) {
  await loadWritable(ctx, entryId);
  if (!request.isMultipart()) {
    throw new HttpError(415, 'Send the photo as multipart/form-data in the field "photo"', {
      code: 'UNSUPPORTED_MEDIA_TYPE',
      details: [{ field: 'photo', message: 'Send the photo as multipart/form-data', rule: 'multipart' }],
    });
  }
  if (key === undefined) await checkRoom(ctx, entryId);
  const saved = await receivePhoto(ctx, deps, entryId, request);
  try {
    const fingerprint = fingerprintOf(request.method, request.url, null, saved.sha256);
    const stored = await storedAnswer(ctx, key, fingerprint);
    if (stored) {
      await deps.store.delete([saved.key]);
      return stored;
    }
    if (key !== undefined) await checkRoom(ctx, entryId);
    const answer = await once(ctx, key, fingerprint, async (c) => {
      // Counted again under the entry's row lock: concurrent uploads cannot pass the limit together.
      const row = await c.db.transaction(async (tx) => {
        const values = {
          workEntryId: entryId,
          url: saved.key,
          contentType: saved.contentType,
          sizeBytes: saved.sizeBytes,
        };
        const made = await photosRepo.insertPhotoWithin(tx, c.siteId, values, MAX_PHOTOS_PER_ENTRY);
        if (made) {
          const changes = {
            photo_id: { old: null, new: made.id },
            size_bytes: { old: null, new: made.sizeBytes },
          };
          await c.audit(tx, { action: 'work_entry.photo_add', entity: 'work_entry', id: entryId, changes });
        }
        return made;
      });
      if (!row) {
        // Full, or the entry was deleted while the file came in.
        await loadWritable(c, entryId);
        throw full();
      }
      return { statusCode: 201, body: { photo: toApiPhoto(row, deps.links) } };
    });
    // A copy of this upload got in first: its file is the entry's, this one goes.
    if (answer.replayed) await deps.store.delete([saved.key]);
    return answer;
  } catch (err) {
    // Refused, the entry deleted meanwhile, or the database failed: leave no orphan file.
    await deps.store.delete([saved.key]);
    throw err;
  }
}

const full = () =>
  photoError(409, `An entry holds at most ${MAX_PHOTOS_PER_ENTRY} photos`, 'maxItems', 'CONFLICT');

/** Checked again where the row is written (concurrent uploads); this spares reading the file. */
async function checkRoom(ctx: RequestContext, entryId: number) {
  if ((await photosRepo.photoCount(ctx.db, ctx.siteId, entryId)) >= MAX_PHOTOS_PER_ENTRY) throw full();
}

/** The upload's file, checked (an image, within the site's size limit) and stored. */
async function receivePhoto(
  ctx: RequestContext,
  deps: WorkEntryDeps,
  entryId: number,
  request: FastifyRequest,
) {
  const { maxFileUploadSize } = await getSiteSettings(ctx.db, ctx.siteId);
  const file = await orMultipartFailure(
    request.file({
      limits: { fileSize: maxFileUploadSize * 1024 * 1024, files: 1, fields: 5, fieldSize: 1024, parts: 6 },
    }),
  );
  if (file?.fieldname !== 'photo') {
    file?.file.resume();
    throw photoError(400, 'Attach the image in the field "photo"', 'required');
  }
  const tooLarge = () =>
    photoError(413, `The photo is larger than ${maxFileUploadSize} MB`, 'maxSize', 'BODY_TOO_LARGE');
  let saved: SavedPhoto;
  try {
    saved = await savePhoto(deps.store, ctx.siteId, entryId, file.file);
  } catch (err) {
    if (err instanceof NotAnImage)
      throw photoError(400, 'Only JPEG, PNG or WebP images are accepted', 'imageType');
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw multipartFailure(err) ?? err;
  }
  // Past the limit the plugin stops the file short (truncated) rather than failing the stream.
  if (file.file.truncated) {
    await deps.store.delete([saved.key]);
    throw tooLarge();
  }
  return saved;
}

/**
 * A photo file by its signed link, live or archived (`find` reads the row): a bad, expired or
 * foreign signature, an unknown row or a missing file is a plain 404.
 */
export async function sendSignedPhoto(
  deps: Pick<WorkEntryDeps, 'links' | 'store'>,
  photoId: number,
  query: { exp: number; sig: string },
  reply: FastifyReply,
  find: (id: number) => Promise<{ url: string; contentType: string | null } | undefined>,
) {
  const missing = () => new HttpError(404, 'Photo not found', { code: 'PHOTO_NOT_FOUND' });
  if (!deps.links.verify(photoId, query.exp, query.sig)) throw missing();
  const row = await find(photoId);
  const stored = row && (await deps.store.get(row.url));
  if (!row || !stored) throw missing();
  return reply
    .header('content-type', row.contentType ?? 'application/octet-stream')
    .header('content-length', String(stored.size))
    .header('content-disposition', 'inline')
    .send(stored.body);
}

/** GET /work-entries/photos/{id}?exp&sig. */
export function servePhoto(
  deps: WorkEntryDeps,
  db: RequestContext['db'],
  photoId: number,
  query: { exp: number; sig: string },
  reply: FastifyReply,
) {
  return sendSignedPhoto(deps, photoId, query, reply, (id) => photosRepo.photoById(db, id));
}
