/**
 * Saving an uploaded photo into the photo store (infra/photo-stores.ts: the folder or the bucket),
 * under `{site}/{entry}/{uuid}.{ext}`. The type is read from the file's first bytes, never from
 * its name or the declared type; a file that is not a JPEG, PNG or WebP image is refused before
 * anything is stored (its bytes are still read to the end, so a size limit answers first).
 */
import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { type PhotoType, sniffPhotoType } from '#domain/work-entries.ts';
import type { PhotoStore } from '../../infra/photo-stores.ts';

export type { PhotoStore } from '../../infra/photo-stores.ts';

const EXTENSIONS: Record<PhotoType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

/** Bytes the type is read from. */
const HEAD_BYTES = 12;

export class NotAnImage extends Error {}

export interface SavedPhoto {
  /** The photo's key in the store (what the database keeps). */
  key: string;
  contentType: PhotoType;
  sizeBytes: number;
  /** The bytes' SHA-256 (hex): a resent upload is the same request when its bytes are the same. */
  sha256: string;
}

export async function savePhoto(
  store: PhotoStore,
  siteId: string,
  /** The entry's id, or another folder of the site (floor plans' images: `floor-plans`). */
  entryId: number | string,
  file: NodeJS.ReadableStream,
): Promise<SavedPhoto> {
  const chunks = (file as AsyncIterable<Buffer>)[Symbol.asyncIterator]();
  const head: Buffer[] = [];
  let headLength = 0;
  let ended = false;
  while (headLength < HEAD_BYTES) {
    const next = await chunks.next();
    if (next.done) {
      ended = true;
      break;
    }
    head.push(next.value);
    headLength += next.value.length;
  }
  const type = sniffPhotoType(Buffer.concat(head));
  if (!type) {
    // Read to the end: a file over the size limit fails here with the limit's error.
    if (!ended) for (let n = await chunks.next(); !n.done; n = await chunks.next());
    throw new NotAnImage();
  }
  const hash = createHash('sha256');
  let size = 0;
  async function* counted() {
    let done = ended;
    try {
      for (const chunk of head) {
        hash.update(chunk);
        size += chunk.length;
        yield chunk;
      }
      for (let n = done ? undefined : await chunks.next(); n && !n.done; n = await chunks.next()) {
        hash.update(n.value);
        size += n.value.length;
        yield n.value;
      }
      done = true;
    } finally {
      // The store stopped reading (it failed): stop the upload's stream too.
      if (!done) await chunks.return?.();
    }
  }
  const key = `${encodeURIComponent(siteId)}/${entryId}/${randomUUID()}.${EXTENSIONS[type]}`;
  await store.put(key, Readable.from(counted(), { objectMode: false }), type);
  return { key, contentType: type, sizeBytes: size, sha256: hash.digest('hex') };
}
