/**
 * Photo upload and download through the API, the local folder and an S3-compatible bucket side by
 * side in one run: two apps on one database, one with PHOTO_STORE=local (a temporary folder), one
 * with PHOTO_STORE=s3 against s3rver (a real S3-protocol server) in a child process of its own on
 * loopback, keeping its objects in a temporary folder on the same disk. Each run is closed-loop:
 * `BENCH_CONCURRENCY` clients in a worker thread send requests back to back, uploads
 * (`POST /work-entries/{id}/photos`, multipart, as the field app sends them) then downloads of
 * what was uploaded (`GET` by the signed link). The stores take turns, round by round, so a change
 * in the machine's load falls on both. Figures: requests per second, MB per second of photo bytes,
 * and each request's p50 and p99.
 *
 * Database: PostgreSQL (its own database tagger_bench_photos next to BENCH_DATABASE_URL or
 * TEST_DATABASE_URL, made anew each run) when one is set, otherwise PGlite in memory.
 * Run: npm run bench:photos   (BENCH_PHOTO_KB=1024, BENCH_UPLOADS=200, BENCH_DOWNLOADS=600,
 * BENCH_CONCURRENCY=8, BENCH_ROUNDS=3)
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../server/src/app.ts';
import { type Config, loadConfig, type PhotoStorage } from '../server/src/config.ts';
import { type Database, openDatabase } from '../server/src/db/client.ts';
import { positions, users, workEntries } from '../server/src/db/schema/index.ts';
import { s3PhotoStore } from '../server/src/infra/photo-stores.ts';
import { percentile } from './harness.ts';
import type { LoadResult, LoadSpec } from './photos-load.ts';

/** The load in a worker thread (bench/photos-load.ts): the clients do not share the servers' event loop. */
function load(spec: LoadSpec): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./photos-load.ts', import.meta.url), { workerData: spec });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

const PHOTO_KB = Number(process.env.BENCH_PHOTO_KB ?? 1024);
const UPLOADS = Number(process.env.BENCH_UPLOADS ?? 200);
const DOWNLOADS = Number(process.env.BENCH_DOWNLOADS ?? 600);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PHOTOS_PER_ENTRY = 20;
const BUCKET = 'tagger-bench-photos';
const DIRECT = 's3rver alone (SDK, no API)';
const ADMIN = { email: 'bench.photos@example.com', password: 'Bench-Photos-1' };

/** A JPEG of `kb` kilobytes: a real JPEG start (the store reads the type from it), noise after. */
function photo(kb: number): Buffer {
  const head = Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex');
  const bytes = Buffer.alloc(kb * 1024);
  for (let i = 0; i < bytes.length; i += 4) bytes.writeUInt32LE((Math.random() * 2 ** 32) >>> 0, i);
  head.copy(bytes);
  bytes.writeUInt16BE(0xffd9, bytes.length - 2);
  return bytes;
}

function multipartBody(file: Buffer) {
  const boundary = '----taggerbenchphotos';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="site.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** s3rver in its own process (its own event loop, as a real store would have). */
async function startS3rver(directory: string): Promise<{ child: ChildProcess; photos: PhotoStorage }> {
  const port = await freePort();
  const bin = path.join(import.meta.dirname, '../node_modules/s3rver/bin/s3rver.js');
  const child = spawn(
    process.execPath,
    [bin, '-d', directory, '-a', '127.0.0.1', '-p', String(port), '--silent', '--configure-bucket', BUCKET],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const photos: PhotoStorage = {
    kind: 's3',
    s3: {
      endpoint: `http://127.0.0.1:${port}`,
      bucket: BUCKET,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    },
  };
  const probe = s3PhotoStore(photos.s3);
  for (let i = 0; ; i++) {
    try {
      await probe.check();
      break;
    } catch (err) {
      if (i > 100) throw err;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  probe.close();
  return { child, photos };
}

async function openBenchDatabase(): Promise<{ database: Database; url?: string; drop(): Promise<void> }> {
  const base = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!base) {
    const database = await openDatabase({ dataDir: 'memory://' });
    return { database, drop: () => database.close() };
  }
  const name = 'tagger_bench_photos';
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  return {
    database,
    url: url.toString(),
    async drop() {
      await database.close();
    },
  };
}

interface Side {
  name: string;
  app: FastifyInstance;
  origin: string;
  database: Database;
}

interface Figures {
  requests: number;
  seconds: number;
  bytes: number;
  latencies: number[];
  errors: string[];
}

const add = (into: Figures | undefined, r: LoadResult, bytes: number): Figures => ({
  requests: (into?.requests ?? 0) + r.latencies.length,
  seconds: (into?.seconds ?? 0) + r.seconds,
  bytes: (into?.bytes ?? 0) + bytes,
  latencies: [...(into?.latencies ?? []), ...r.latencies].sort((a, b) => a - b),
  errors: [...(into?.errors ?? []), ...r.errors],
});

/**
 * The same uploads and downloads straight to s3rver through the photo store (the SDK, no API): the
 * store's own ceiling on this machine, to read the API's S3 figures against.
 */
async function direct(photos: PhotoStorage, file: Buffer, round: number) {
  if (photos.kind !== 's3') throw new Error('direct runs need the bucket');
  const store = s3PhotoStore(photos.s3);
  const closedLoop = async (count: number, op: (i: number) => Promise<number>): Promise<LoadResult> => {
    const latencies: number[] = [];
    const errors: string[] = [];
    let bytes = 0;
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < count) {
          const i = next++;
          const t0 = performance.now();
          try {
            const n = await op(i);
            bytes += n;
            latencies.push(performance.now() - t0);
          } catch (err) {
            errors.push((err as Error).message);
          }
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    return {
      seconds,
      latencies: latencies.sort((a, b) => a - b),
      bytesSent: 0,
      bytesReceived: bytes,
      errors,
      bodies: [],
    };
  };
  try {
    const key = (i: number) => `direct/${round}/${i}.jpg`;
    const up = await closedLoop(UPLOADS, async (i) => {
      await store.put(key(i), Readable.from([file]), 'image/jpeg');
      return file.length;
    });
    const down = await closedLoop(DOWNLOADS, async (i) => {
      const got = await store.get(key(i % UPLOADS));
      if (!got) throw new Error('missing');
      let n = 0;
      for await (const chunk of got.body) n += (chunk as Buffer).length;
      return n;
    });
    return { up, down };
  } finally {
    store.close();
  }
}

const ms = (n: number) => (n < 10 ? n.toFixed(1) : n.toFixed(0));

async function main() {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'tagger-bench-photos-'));
  const s3 = await startS3rver(path.join(tmp, 's3rver'));
  const db = await openBenchDatabase();
  const second = db.url ? await openDatabase({ url: db.url }) : db.database;
  const sides: Side[] = [];
  try {
    const base: Config = {
      ...loadConfig({ LOG_LEVEL: 'warn' }),
      dataDir: path.join(tmp, 'data'),
      staticDir: '',
      adminEmail: ADMIN.email,
      adminPassword: ADMIN.password,
    };
    const stores: [string, PhotoStorage, Database][] = [
      ['local folder', { kind: 'local', dir: path.join(tmp, 'photos') }, db.database],
      ['S3 (s3rver)', s3.photos, second],
    ];
    for (const [name, photos, database] of stores) {
      const app = await buildApp({
        config: { ...base, photos },
        database,
        serveConsole: false,
        logger: false,
      });
      const origin = await app.listen({ port: 0, host: '127.0.0.1' });
      sides.push({ name, app, origin, database });
    }
    const { db: orm } = db.database;
    const [admin] = await orm.select().from(users);
    const [position] = await orm
      .insert(positions)
      .values({ siteId: 'main', positionCode: 'BENCH-1', positionName: 'Bench bay' })
      .returning();
    const login = await fetch(`${sides[0].origin}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    if (login.status !== 200) throw new Error(`sign-in failed: ${login.status}`);
    const { token } = (await login.json()) as { token: string };
    const auth = { authorization: `Bearer ${token}` };
    const file = photo(PHOTO_KB);
    const { body, contentType } = multipartBody(file);
    const upload = new Map<string, Figures>();
    const download = new Map<string, Figures>();

    const load1 = os.loadavg()[0];
    console.log(
      `photo ${PHOTO_KB} KB; per round and store ${UPLOADS} uploads then ${DOWNLOADS} downloads, ` +
        `${CONCURRENCY} clients; ${ROUNDS} rounds; database ${db.url ? 'PostgreSQL' : 'PGlite'}; ` +
        `${os.availableParallelism()} cores, load average ${os
          .loadavg()
          .map((n) => n.toFixed(1))
          .join(' ')}`,
    );
    const line = (round: number, name: string, what: string, r: LoadResult, bytes: number) =>
      `  round ${round + 1} ${name.padEnd(12)} ${what}: ${(r.latencies.length / r.seconds).toFixed(0)} req/s, ` +
      `${(bytes / r.seconds / 1e6).toFixed(1)} MB/s, p50 ${ms(percentile(r.latencies, 50))} ms, ` +
      `p99 ${ms(percentile(r.latencies, 99))} ms${r.errors.length ? `, ${r.errors.length} failed (${r.errors[0]})` : ''}`;
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? sides : [...sides].reverse();
      for (const side of order) {
        const entries = await orm
          .insert(workEntries)
          .values(
            Array.from({ length: Math.ceil(UPLOADS / PHOTOS_PER_ENTRY) }, () => ({
              siteId: 'main',
              userId: admin.id,
              positionId: position.id,
            })),
          )
          .returning({ id: workEntries.id });
        const paths = Array.from(
          { length: UPLOADS },
          (_, i) => `/api/v1/work-entries/${entries[Math.floor(i / PHOTOS_PER_ENTRY)].id}/photos`,
        );
        const up = await load({
          origin: side.origin,
          method: 'POST',
          paths,
          headers: { ...auth, 'content-type': contentType },
          body,
          concurrency: CONCURRENCY,
          keepBodies: true,
        });
        upload.set(side.name, add(upload.get(side.name), up, up.latencies.length * file.length));
        const links = up.bodies
          .filter(Boolean)
          .map((b) => (JSON.parse(b) as { photo: { url: string } }).photo.url);
        const down = await load({
          origin: side.origin,
          method: 'GET',
          paths: Array.from({ length: DOWNLOADS }, (_, i) => links[i % links.length]),
          headers: {},
          concurrency: CONCURRENCY,
          keepBodies: false,
        });
        download.set(side.name, add(download.get(side.name), down, down.bytesReceived));
        console.log(line(round, side.name, 'upload  ', up, up.latencies.length * file.length));
        console.log(line(round, side.name, 'download', down, down.bytesReceived));
      }
      const alone = await direct(s3.photos, file, round);
      upload.set(DIRECT, add(upload.get(DIRECT), alone.up, alone.up.bytesReceived));
      download.set(DIRECT, add(download.get(DIRECT), alone.down, alone.down.bytesReceived));
      console.log(line(round, DIRECT, 'upload  ', alone.up, alone.up.bytesReceived));
      console.log(line(round, DIRECT, 'download', alone.down, alone.down.bytesReceived));
    }

    console.log(
      `\nAll rounds (load average ${load1.toFixed(1)} at the start, ${os.loadavg()[0].toFixed(1)} at the end):\n`,
    );
    console.log('| store | operation | requests | req/s | MB/s | p50 | p99 | failed |');
    console.log('|---|---|---|---|---|---|---|---|');
    for (const [what, figures] of [
      ['upload', upload],
      ['download', download],
    ] as const) {
      for (const name of [...sides.map((side) => side.name), DIRECT]) {
        const f = figures.get(name);
        if (!f) continue;
        console.log(
          `| ${name} | ${what} | ${f.requests} | ${(f.requests / f.seconds).toFixed(0)} | ` +
            `${(f.bytes / f.seconds / 1e6).toFixed(1)} | ${ms(percentile(f.latencies, 50))} ms | ` +
            `${ms(percentile(f.latencies, 99))} ms | ${f.errors.length} |`,
        );
      }
    }
  } finally {
    for (const side of sides) await side.app.close();
    if (second !== db.database) await second.close();
    await db.drop();
    s3.child.kill();
    rmSync(tmp, { recursive: true, force: true });
  }
}

await main();
