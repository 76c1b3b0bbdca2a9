/**
 * Photo files under the photo folder (PHOTO_DIR, default DATA_DIR/photos), one folder per site
 * and entry. The type is read from the file's first bytes, never from its name or the declared
 * type; a file that is not a JPEG, PNG or WebP image is removed and refused.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type PhotoType, sniffPhotoType } from '#domain/work-entries.ts';

const EXTENSIONS: Record<PhotoType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

export class NotAnImage extends Error {}

export interface SavedPhoto {
  /** The file's path inside the photo folder (what the database keeps). */
  key: string;
  contentType: PhotoType;
  sizeBytes: number;
  /** The bytes' SHA-256 (hex): a resent upload is the same request when its bytes are the same. */
  sha256: string;
}

export interface PhotoStore {
  save(siteId: string, entryId: number, file: NodeJS.ReadableStream): Promise<SavedPhoto>;
  /** The absolute path of a stored key, or undefined if the key would leave the folder. */
  pathOf(key: string): string | undefined;
  remove(keys: string[]): Promise<void>;
}

export function photoStore(root: string): PhotoStore {
  const base = path.resolve(root);
  const pathOf = (key: string) => {
    const full = path.resolve(base, key);
    return full.startsWith(base + path.sep) ? full : undefined;
  };
  return {
    pathOf,
    async save(siteId, entryId, file) {
      const dir = path.join(encodeURIComponent(siteId), String(entryId));
      await mkdir(path.join(base, dir), { recursive: true });
      const name = randomUUID();
      const partial = path.join(base, dir, `${name}.part`);
      let head = Buffer.alloc(0);
      let size = 0;
      const hash = createHash('sha256');
      const inspect = new Transform({
        transform(chunk: Buffer, _enc, done) {
          if (head.length < 12) head = Buffer.concat([head, chunk.subarray(0, 12 - head.length)]);
          size += chunk.length;
          hash.update(chunk);
          done(null, chunk);
        },
      });
      try {
        await pipeline(file, inspect, createWriteStream(partial));
        const type = sniffPhotoType(head);
        if (!type) throw new NotAnImage();
        const key = path.join(dir, `${name}.${EXTENSIONS[type]}`);
        await rename(partial, path.join(base, key));
        return { key, contentType: type, sizeBytes: size, sha256: hash.digest('hex') };
      } catch (err) {
        await rm(partial, { force: true });
        throw err;
      }
    },
    async remove(keys) {
      await Promise.all(
        keys.map((key) => {
          const full = pathOf(key);
          return full ? rm(full, { force: true }) : undefined;
        }),
      );
    },
  };
}
