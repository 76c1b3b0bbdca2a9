/**
 * Support for the security tests: a database that outlives one app, so a test can close the
 * server and start a new one on the same data (PGlite in a temporary folder, or a PostgreSQL
 * database of its own), as a real restart does.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import pg from 'pg';
import { buildApp } from '../../server/src/app.ts';
import type { Config } from '../../server/src/config.ts';
import type { Driver } from './helpers.ts';
import { testConfig } from './helpers.ts';

export interface DurableStorage {
  /** The config fields that point an app at this storage. */
  config: Partial<Config>;
  drop(): Promise<void>;
}

export async function createDurableStorage(driver: Driver): Promise<DurableStorage> {
  if (driver === 'pglite') {
    const dir = await mkdtemp(path.join(tmpdir(), 'tagger-restart-'));
    return { config: { dataDir: dir }, drop: () => rm(dir, { recursive: true, force: true }) };
  }
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `tagger_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    config: { databaseUrl: url.toString() },
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** A server on the storage, opening (and on close, closing) the database itself, as server.ts does. */
export async function startServer(
  storage: DurableStorage,
  overrides: Partial<Config> = {},
): Promise<FastifyInstance> {
  const app = await buildApp({ config: testConfig({ ...storage.config, ...overrides }), logger: false });
  await app.ready();
  return app;
}

export const REDIS = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** The sign-in limits and revocations run on both stores. */
export const STORES = ['memory', 'redis'] as const;

/** Deletes the keys of one test run's prefix (and nothing else in the shared Redis). */
export async function dropRedisPrefix(prefix: string) {
  const redis = new Redis(REDIS);
  const keys: string[] = [];
  let cursor = '0';
  do {
    const [next, batch] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
    cursor = next;
    keys.push(...batch);
  } while (cursor !== '0');
  if (keys.length) await redis.del(...keys);
  await redis.quit();
}
