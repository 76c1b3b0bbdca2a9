/**
 * Where photo files are kept, behind one small interface: a folder on this machine (PHOTO_DIR,
 * the default) or a bucket in any S3-compatible store (PHOTO_STORE=s3) through the AWS SDK.
 * The database keeps each photo's key (`{site}/{entry}/{uuid}.{ext}`); the bytes are only here.
 * Photos are streamed through the server in both cases (the signed links point at the API, which
 * reads the row, so permission and site checks stay where they are): the bucket can stay private
 * and unreachable from browsers.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { PhotoStorage, S3Settings } from '../config.ts';

export interface StoredPhoto {
  body: Readable;
  /** Bytes, for Content-Length. */
  size: number;
}

export interface PhotoStore {
  readonly kind: 'local' | 's3';
  /**
   * Keeps the stream's bytes under `key`. If the stream fails (a size limit, a client gone), it
   * rejects and keeps nothing.
   */
  put(key: string, body: Readable, contentType: string): Promise<void>;
  /** The bytes under `key`, or undefined when there are none (or the key is not a valid one). */
  get(key: string): Promise<StoredPhoto | undefined>;
  /** Removes the keys; a key already gone is no error. */
  delete(keys: string[]): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Answers when the store can be used (at start): throws a message saying what is wrong. */
  check(): Promise<void>;
  close(): void;
}

/**
 * Keys are relative, `/`-separated, with no empty, `.` or `..` segment: what the server makes.
 * Anything else (a row edited by hand) is treated as missing rather than followed.
 */
export function isPhotoKey(key: string): boolean {
  if (key.length === 0 || key.length > 500 || key.includes('\\') || key.includes('\0')) return false;
  return key.split('/').every((part) => part !== '' && part !== '.' && part !== '..');
}

export function localPhotoStore(root: string): PhotoStore {
  const base = path.resolve(root);
  const fileOf = (key: string) => {
    if (!isPhotoKey(key)) return undefined;
    const full = path.resolve(base, key);
    return full.startsWith(base + path.sep) ? full : undefined;
  };
  return {
    kind: 'local',
    async put(key, body) {
      const full = fileOf(key);
      if (!full) throw new Error(`Not a photo key: ${key}`);
      await mkdir(path.dirname(full), { recursive: true });
      // Written aside and renamed: a reader never sees half a file.
      const partial = `${full}.part`;
      try {
        await pipeline(body, createWriteStream(partial));
        await rename(partial, full);
      } catch (err) {
        await rm(partial, { force: true });
        throw err;
      }
    },
    async get(key) {
      const full = fileOf(key);
      const info = full ? await stat(full).catch(() => undefined) : undefined;
      if (!full || !info?.isFile()) return undefined;
      return { body: createReadStream(full), size: info.size };
    },
    async delete(keys) {
      await Promise.all(
        keys.map((key) => {
          const full = fileOf(key);
          return full ? rm(full, { force: true }) : undefined;
        }),
      );
    },
    async exists(key) {
      const full = fileOf(key);
      return Boolean(full && (await stat(full).catch(() => undefined))?.isFile());
    },
    // The folder is made with the first photo.
    async check() {},
    close() {},
  };
}

const isNotFound = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
};

/** Parts of a large upload held in memory at once per upload (5 MB each, S3's minimum part). */
const UPLOAD_QUEUE = 2;

export function s3PhotoStore(settings: S3Settings): PhotoStore {
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials:
      settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined,
    // Checksums only where S3 requires them: the SDK's newer default (a CRC trailer on every
    // upload) is not understood by many S3-compatible servers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A store that does not answer fails the request instead of holding it.
    requestHandler: { connectionTimeout: 3000, requestTimeout: 30_000 },
    maxAttempts: 3,
  });
  const Bucket = settings.bucket;
  const where = `bucket "${Bucket}"${settings.endpoint ? ` at ${settings.endpoint}` : ` in ${settings.region}`}`;
  return {
    kind: 's3',
    async put(key, body, contentType) {
      if (!isPhotoKey(key)) throw new Error(`Not a photo key: ${key}`);
      // One PutObject for a photo under 5 MB; a multipart upload (aborted on failure) above.
      const upload = new Upload({
        client,
        params: { Bucket, Key: key, Body: body, ContentType: contentType },
        queueSize: UPLOAD_QUEUE,
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (err) {
        // The SDK reads the body on its own schedule: make sure it stops being read.
        body.destroy();
        throw err;
      }
    },
    async get(key) {
      if (!isPhotoKey(key)) return undefined;
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        const body = answer.Body;
        if (!(body instanceof Readable))
          throw new Error('The S3 client answered a body that is not a stream');
        return { body, size: Number(answer.ContentLength ?? 0) };
      } catch (err) {
        if (isNotFound(err)) return undefined;
        throw err;
      }
    },
    async delete(keys) {
      // One DeleteObject per key: photos go a few at a time, and every S3-compatible store has it
      // (DeleteObjects wants a checksum header some of them do not take).
      await Promise.all(
        keys.filter(isPhotoKey).map((Key) => client.send(new DeleteObjectCommand({ Bucket, Key }))),
      );
    },
    async exists(key) {
      if (!isPhotoKey(key)) return false;
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return true;
      } catch (err) {
        if (isNotFound(err)) return false;
        throw err;
      }
    },
    async check() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }), { abortSignal: AbortSignal.timeout(10_000) });
      } catch (err) {
        const e = err as { name?: string; message?: string; $metadata?: { httpStatusCode?: number } };
        const status = e.$metadata?.httpStatusCode;
        if (isNotFound(err))
          throw new Error(
            `Photo storage: ${where} does not exist; create it, or set S3_BUCKET to one that does`,
          );
        if (status === 403 || status === 401)
          throw new Error(
            `Photo storage: ${where} refused these credentials (S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY)`,
          );
        throw new Error(`Photo storage: ${where} did not answer: ${e.message ?? e.name ?? String(err)}`);
      }
    },
    close() {
      client.destroy();
    },
  };
}

/** The store the configuration names; the folder defaults to DATA_DIR/photos. */
export function createPhotoStore(photos: PhotoStorage, dataDir: string): PhotoStore {
  return photos.kind === 's3'
    ? s3PhotoStore(photos.s3)
    : localPhotoStore(photos.dir ?? path.join(dataDir, 'photos'));
}
