/**
 * A real S3-protocol server on loopback for tests and benchmarks: s3rver on a free port, keeping
 * its objects in a temporary folder, with one bucket made. It checks request signatures, so the
 * credentials here are the ones it accepts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import type { PhotoStorage, S3Settings } from '../../../server/src/config.ts';

export interface TestBucket {
  settings: S3Settings;
  /** The configuration's photo storage for this bucket (Config.photos). */
  photos: PhotoStorage;
  /** The environment a server process needs for this bucket. */
  env: Record<string, string>;
  /** Keys in the bucket, optionally under a prefix. */
  keys(prefix?: string): Promise<string[]>;
  stop(): Promise<void>;
}

export async function startTestBucket(bucket = 'tagger-photos'): Promise<TestBucket> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'tagger-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const settings: S3Settings = {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  };
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  return {
    settings,
    photos: { kind: 's3', s3: settings },
    env: {
      PHOTO_STORE: 's3',
      S3_ENDPOINT: settings.endpoint ?? '',
      S3_BUCKET: bucket,
      S3_REGION: settings.region,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    async keys(prefix) {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }),
        );
        keys.push(...(page.Contents ?? []).map((o) => o.Key ?? ''));
        token = page.NextContinuationToken;
      } while (token);
      return keys.sort();
    },
    async stop() {
      client.destroy();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
