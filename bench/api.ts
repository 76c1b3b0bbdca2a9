/**
 * API benchmark: GET /api/v1/users and POST /api/v1/auth/login on PGlite with the real argon2
 * cost, against a bare Fastify route as the baseline, at fixed request rates (autocannon).
 * Run: node bench/api.ts   (options: BENCH_DURATION=10 BENCH_RATE=1000 BENCH_LOGIN_RATE=10)
 * Targets: GET /users p99 < 20 ms at 1,000 req/s; login p95 < 100 ms.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import autocannon from 'autocannon';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../server/src/app.ts';
import { loadConfig } from '../server/src/config.ts';
import { users } from '../server/src/db/schema/index.ts';
import { createSession } from '../server/src/infra/sessions.ts';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const RATE = Number(process.env.BENCH_RATE ?? 1000);
const LOGIN_RATE = Number(process.env.BENCH_LOGIN_RATE ?? 10);
const SEED_USERS = 100;
const PASSWORD = 'Bench-Pass-1';
const LOGIN_ACCOUNTS = 5;

interface Run {
  name: string;
  rate: number;
  requests: number;
  non2xx: number;
  errors: number;
  throughput: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

interface RunSpec {
  name: string;
  url: string;
  overallRate: number;
  duration: number;
  connections: number;
  headers?: Record<string, string>;
  method?: string;
  path?: string;
  /** Request bodies sent in turn (login credentials of several accounts). */
  bodies?: string[];
}

/**
 * The load generator runs in a worker thread, so it does not share the server's event loop.
 * Latencies are collected per response, so p95 is exact (autocannon reports no p95).
 */
async function loadWorker(spec: RunSpec): Promise<Run> {
  const { bodies } = spec;
  let next = 0;
  const instance = autocannon({
    url: spec.url,
    duration: spec.duration,
    connections: spec.connections,
    overallRate: spec.overallRate,
    requests: [
      {
        method: spec.method ?? 'GET',
        path: spec.path ?? '/',
        headers: spec.headers,
        ...(bodies ? { setupRequest: (req) => ({ ...req, body: bodies[next++ % bodies.length] }) } : {}),
      },
    ],
  });
  const latencies: number[] = [];
  instance.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) => {
    latencies.push(responseTime);
  });
  const result = await instance;
  latencies.sort((a, b) => a - b);
  return {
    name: spec.name,
    rate: spec.overallRate,
    requests: latencies.length,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    throughput: latencies.length / spec.duration,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? Number.NaN,
  };
}

function run(spec: RunSpec): Promise<Run> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), { workerData: spec });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(2) : '—');

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tagger-bench-'));
  const config = {
    ...loadConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '', REDIS_URL: '' }),
    adminEmail: 'admin@example.com',
    adminPassword: PASSWORD,
    staticDir: '',
  };
  const app = await buildApp({ config, serveConsole: false });
  const baseline = Fastify({ logger: false });
  baseline.get('/ping', async () => ({ ok: true }));
  try {
    // 100 users; one real argon2 hash shared by all (a salted hash verifies on any row).
    const hash = await app.services.passwords.hash(PASSWORD);
    const seeded = await app.database.db
      .insert(users)
      .values(
        Array.from({ length: SEED_USERS }, (_, i) => ({
          siteId: 'main',
          email: `bench${i}@example.com`,
          firstName: `First${String(i).padStart(3, '0')}`,
          lastName: `Last${i}`,
          role: (['owner', 'manager', 'worker'] as const)[i % 3],
          passwordHash: hash,
        })),
      )
      .returning({ id: users.id, email: users.email });
    // A token names a live session (checked on every request), so a real session is opened.
    const { session } = await createSession(app, { userId: seeded[0].id, siteId: 'main' });
    const token = await app.services.tokens.sign({
      userId: seeded[0].id,
      siteId: 'main',
      role: 'owner',
      sessionId: session.id,
    });

    const apiUrl = await listen(app);
    const baseUrl = await listen(baseline);
    const results: Run[] = [];
    console.log(
      `Tagger API benchmark — Node ${process.version}, ${os.cpus().length} CPUs, PGlite in ${dataDir}, ` +
        `argon2 m=${config.argon2.memoryCost} KiB t=${config.argon2.timeCost}, ${SEED_USERS} seeded users, ${DURATION} s per run`,
    );

    const auth = { authorization: `Bearer ${token}` };
    const fixed = { duration: DURATION, connections: 10, overallRate: RATE };
    await run({ name: 'warm-up', url: apiUrl, path: '/api/v1/users', headers: auth, ...fixed, duration: 2 });
    await run({ name: 'warm-up', url: baseUrl, path: '/ping', ...fixed, duration: 2 });
    results.push(await run({ name: 'baseline GET /ping', url: baseUrl, path: '/ping', ...fixed }));
    results.push(
      await run({ name: 'GET /api/v1/users', url: apiUrl, path: '/api/v1/users', headers: auth, ...fixed }),
    );

    // Valid credentials of several accounts in turn; the limiters only count failures.
    const bodies = seeded
      .slice(0, LOGIN_ACCOUNTS)
      .map((u) => JSON.stringify({ email: u.email, password: PASSWORD }));
    const probe = await fetch(`${apiUrl}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: bodies[0],
    });
    if (probe.status !== 200) {
      console.log(
        `\nPOST /auth/login answered ${probe.status} (${(await probe.text()).slice(0, 120)}): login not measured.`,
      );
    } else {
      results.push(
        await run({
          name: 'POST /api/v1/auth/login',
          url: apiUrl,
          method: 'POST',
          path: '/api/v1/auth/login',
          headers: { 'content-type': 'application/json' },
          bodies,
          duration: DURATION,
          connections: 4,
          overallRate: LOGIN_RATE,
        }),
      );
    }

    const base = results[0];
    const rows = results.map((r) => ({
      run: r.name,
      'rate req/s': r.rate,
      requests: r.requests,
      'non-2xx': r.non2xx,
      errors: r.errors,
      'req/s': r.throughput.toFixed(0),
      'p50 ms': ms(r.p50),
      'p95 ms': ms(r.p95),
      'p99 ms': ms(r.p99),
      'max ms': ms(r.max),
      'p50 × base': r === base ? '1.00' : (r.p50 / base.p50).toFixed(2),
      'p99 × base': r === base ? '1.00' : (r.p99 / base.p99).toFixed(2),
    }));
    console.table(rows);

    const usersRun = results.find((r) => r.name === 'GET /api/v1/users');
    const loginRun = results.find((r) => r.name === 'POST /api/v1/auth/login');
    const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
    if (usersRun) {
      const ok = usersRun.p99 < 20 && usersRun.non2xx === 0 && usersRun.errors === 0;
      console.log(`GET /users p99 ${ms(usersRun.p99)} ms at ${RATE} req/s (target < 20 ms): ${verdict(ok)}`);
    }
    if (loginRun) {
      const ok = loginRun.p95 < 100 && loginRun.non2xx === 0 && loginRun.errors === 0;
      console.log(
        `POST /auth/login p95 ${ms(loginRun.p95)} ms at ${LOGIN_RATE} req/s (target < 100 ms): ${verdict(ok)}`,
      );
    } else {
      console.log('POST /auth/login: not measured (endpoint not available)');
    }
  } finally {
    // Let the last in-flight requests finish before the database closes.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await baseline.close();
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (isMainThread) await main();
else parentPort?.postMessage(await loadWorker(workerData as RunSpec));
