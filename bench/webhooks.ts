/**
 * Webhooks under a burst, one instance (PGlite in a temporary folder; BENCH_DATABASE_URL
 * for PostgreSQL, made afresh), the real workers (outbox dispatcher and webhook delivery) running:
 * - BENCH_EVENTS (10,000) outbox events written at once (one transaction, each its own record, as
 *   many changes committed together would); a receiver on loopback (in a worker thread, so it does
 *   not share the server's event loop) notes when each arrives; printed: how long after its event
 *   50%, 95% and all of them arrived, and when 95% had (target: 95% within 5 s of their event);
 * - API cost: GET /api/v1/users at BENCH_RATE req/s (bench/harness.ts, fixed rate) idle, then
 *   during the burst, side by side (target: p99 at most 2× idle).
 * - the server's main thread's own CPU time (process.threadCpuUsage: not inflated by other
 *   processes' load, unlike the latencies) during the idle run, during the run beside the burst,
 *   and from the commit until every event had arrived.
 * The machine's load average is printed with the figures: on a shared machine, say so.
 * Run: node bench/webhooks.ts   (BENCH_EVENTS=10000 BENCH_RATE=100 BENCH_DURATION=10;
 * PGLITE_THREAD=true for PGlite on a thread of its own)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { isMainThread, parentPort, Worker } from 'node:worker_threads';
import { buildApp } from '../server/src/app.ts';
import { loadConfig } from '../server/src/config.ts';
import { outboxEvents, users, webhookDeliveries, webhookEndpoints } from '../server/src/db/schema/index.ts';
import { workerDefinitions } from '../server/src/jobs/index.ts';
import { OUTBOX_WORKER } from '../server/src/lib/outbox-kinds.ts';
import { sealSecret, webhookKey } from '../server/src/lib/webhook-secret.ts';
import { loadJwtSecret } from '../server/src/repositories/server-secrets.ts';
import { freshPgDatabase } from './fresh-database.ts';
import { listen, measure, ms, percentile, printRuns, type Run } from './harness.ts';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 10_000);
const RATE = Number(process.env.BENCH_RATE ?? 100);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);

/** CPU time of this thread (user + system), ms. */
const mainCpuMs = () => {
  const u = process.threadCpuUsage();
  return (u.user + u.system) / 1000;
};

/** The receiver thread: answers 200 and keeps each event id's arrival time (epoch ms). */
function receiverThread() {
  const arrivals = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const at = performance.timeOrigin + performance.now();
      const id = JSON.parse(Buffer.concat(chunks).toString('utf8')).id as string;
      if (!arrivals.has(id)) arrivals.set(id, at);
      res.writeHead(200).end();
    });
  });
  server.keepAliveTimeout = 60_000;
  server.listen(0, '127.0.0.1', () =>
    parentPort?.postMessage({ type: 'ready', port: (server.address() as AddressInfo).port }),
  );
  parentPort?.on('message', (m: { type: string }) => {
    if (m.type === 'count') parentPort?.postMessage({ type: 'count', n: arrivals.size });
    if (m.type === 'report') parentPort?.postMessage({ type: 'report', arrivals: [...arrivals] });
  });
}

function ask<T>(worker: Worker, type: string): Promise<T> {
  return new Promise((resolve) => {
    const on = (m: { type: string }) => {
      if (m.type !== type) return;
      worker.off('message', on);
      resolve(m as T);
    };
    worker.on('message', on);
    worker.postMessage({ type });
  });
}

async function main() {
  const receiver = new Worker(new URL(import.meta.url));
  const port = await new Promise<number>((resolve) =>
    receiver.on(
      'message',
      (m: { type: string; port?: number }) => m.type === 'ready' && resolve(m.port ?? 0),
    ),
  );
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tagger-bench-webhooks-'));
  // A fresh database each run, as the PGlite folder is: a second run on the last one's users
  // failed on their unique emails.
  if (process.env.BENCH_DATABASE_URL) await freshPgDatabase(process.env.BENCH_DATABASE_URL);
  const config = {
    ...loadConfig({}),
    dataDir,
    databaseUrl: process.env.BENCH_DATABASE_URL || undefined,
    // PGLITE_THREAD=true: PGlite on a thread of its own (side by side with the default).
    pgliteThread: process.env.PGLITE_THREAD === 'true',
    logLevel: 'warn',
    adminEmail: 'admin@example.com',
    adminPassword: 'Bench-Pass-1',
    staticDir: '',
    webhooksAllowPrivate: true,
  };
  const app = await buildApp({ config, serveConsole: false, workers: workerDefinitions() });
  try {
    await app.ready();
    const db = app.database.db;
    await db
      .insert(users)
      .values({
        siteId: 'main',
        email: 'a@example.com',
        firstName: 'A',
        lastName: 'A',
        role: 'admin',
        passwordHash: 'x',
      })
      .returning();
    await db.insert(users).values(
      Array.from({ length: 100 }, (_, i) => ({
        siteId: 'main',
        email: `bench${i}@example.com`,
        firstName: `First${i}`,
        lastName: `Last${i}`,
        role: 'worker' as const,
        passwordHash: 'x',
      })),
    );
    const key = webhookKey(await loadJwtSecret(db, config));
    await db.insert(webhookEndpoints).values({
      siteId: 'main',
      url: `http://127.0.0.1:${port}/hook`,
      events: ['work_entry.created'],
      secretEnc: sealSecret(key, 'whsec_bench'),
    });
    const url = await listen(app);
    // The site's first admin (made at start from adminEmail/adminPassword) signs in for real.
    const login = await fetch(`${url}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: config.adminEmail, password: config.adminPassword }),
    });
    const token = ((await login.json()) as { token: string }).token;
    const spec = {
      url,
      path: '/api/v1/users',
      overallRate: RATE,
      duration: DURATION,
      connections: 10,
      headers: { authorization: `Bearer ${token}` },
    };
    const probe = await fetch(`${url}/api/v1/users`, { headers: spec.headers });
    if (!probe.ok)
      throw new Error(`GET /users answers ${probe.status}: ${(await probe.text()).slice(0, 200)}`);
    const load = () =>
      os
        .loadavg()
        .map((n) => n.toFixed(2))
        .join(' ');
    const runs: Run[] = [];
    const loadIdle = load();
    let cpuAt = mainCpuMs();
    runs.push(await measure({ ...spec, name: 'GET /users idle' }));
    const cpuIdle = mainCpuMs() - cpuAt;

    // The burst: EVENTS events committed at once, then the dispatcher woken as a request would.
    const rows = Array.from({ length: EVENTS }, (_, i) => ({
      siteId: 'main',
      kind: 'work_entry.created',
      entityType: 'work_entry',
      entityId: String(i + 1),
      data: { id: i + 1, status: 'in_progress' },
    }));
    const written = await db.transaction(async (tx) => {
      const out: { id: number; at: Date }[] = [];
      for (let i = 0; i < rows.length; i += 1000)
        out.push(
          ...(await tx
            .insert(outboxEvents)
            .values(rows.slice(i, i + 1000))
            .returning({ id: outboxEvents.id, at: outboxEvents.at })),
        );
      return out;
    });
    const committed = Date.now();
    cpuAt = mainCpuMs();
    app.jobs.workers.nudge(OUTBOX_WORKER);
    let cpuDuring = Number.NaN;
    const during = measure({ ...spec, name: 'GET /users during the burst' }).then((run) => {
      cpuDuring = mainCpuMs() - cpuAt;
      return run;
    });
    let loadBurst = load();
    const deadline = Date.now() + 180_000;
    while (Date.now() < deadline) {
      const { n } = await ask<{ n: number }>(receiver, 'count');
      if (n >= EVENTS) break;
      await new Promise((r) => setTimeout(r, 250));
      loadBurst = load();
    }
    const cpuDrain = mainCpuMs() - cpuAt;
    runs.push(await during);
    const { arrivals } = await ask<{ arrivals: [string, number][] }>(receiver, 'report');
    const arrivedAt = new Map(arrivals);
    // Time from each event (its commit: the transaction's end) to its arrival.
    const latencies = written
      .map((w) => (arrivedAt.get(String(w.id)) ?? Number.NaN) - committed)
      .filter(Number.isFinite)
      .sort((a, b) => a - b);
    const [{ pending }] = [
      { pending: (await db.select().from(webhookDeliveries)).filter((d) => d.status === 'pending').length },
    ];
    console.log(
      `\nWebhooks: ${EVENTS} events committed at once; ${latencies.length} arrived (${pending} still pending)`,
    );
    console.table({
      'ms after commit': {
        p50: ms(percentile(latencies, 50)),
        p95: ms(percentile(latencies, 95)),
        max: ms(latencies.at(-1) ?? Number.NaN),
        'target p95': '5000',
      },
    });
    console.log(`\nAPI p99 idle vs during the burst (${RATE} req/s for ${DURATION} s):`);
    printRuns(runs, runs[0]);
    console.log(
      `main thread CPU ms: idle run ${cpuIdle.toFixed(0)}; run beside the burst ${cpuDuring.toFixed(0)}` +
        ` (the burst's own ≈ ${(cpuDuring - cpuIdle).toFixed(0)}); commit to last arrival ${cpuDrain.toFixed(0)}`,
    );
    console.log(
      `load average (1/5/15 min): idle run ${loadIdle}; burst ${loadBurst}; ${os.cpus().length} cores`,
    );
  } finally {
    await app.close();
    await receiver.terminate();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (isMainThread) await main();
else receiverThread();
