/**
 * Tasks benchmark: 20,000 task instances over 2,000 positions on PGlite.
 * - GET /unified-tasks/instances filtered by position, category and search (varied, accents
 *   included) at a fixed rate, beside a bare Fastify route in the same run. Target: p99 < 30 ms
 *   at 500 req/s.
 * - POST /unified-tasks/instances/from-template for 1,000 positions. Target: < 2 s.
 * Run: npm run bench:tasks   (options: BENCH_DURATION=10 BENCH_RATE=500)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { buildApp } from '../server/src/app.ts';
import { loadConfig } from '../server/src/config.ts';
import { positions, taskInstances, taskTemplates } from '../server/src/db/schema/index.ts';
import { TASK_CATEGORIES } from '../src/domain/tasks.ts';
import { listen, measure, ms, printRuns, type Run } from './harness.ts';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const RATE = Number(process.env.BENCH_RATE ?? 500);
const POSITIONS = 2000;
const PER_POSITION = 10;
const TEMPLATES = 40;
const BULK_POSITIONS = 1000;
const BULK_RUNS = 3;
const PASSWORD = 'Bench-Pass-1';
const TARGET_P99_MS = 30;
const TARGET_BULK_MS = 2000;
/** Names with the letters search must fold (ä, ö, å), as a Finnish or Swedish site writes them. */
const WORDS = [
  'Tarkastus Äänieristys',
  'Palo-ovien tarkastus',
  'Sähköasennus',
  'Åtgärd brandskydd',
  'Kosteusmittaus',
  'Vesieristyksen testaus',
  'Dokumentointi luovutus',
  'Kaiteiden asennus',
];
const SEARCHES = ['aanieristys', 'TARKASTUS', 'sahko', 'atgard', 'mittaus', 'Äänieristys', 'testaus'];

type App = Awaited<ReturnType<typeof buildApp>>;

async function seed(app: App) {
  const { db } = app.database;
  const positionIds: number[] = [];
  for (let i = 0; i < POSITIONS; i += 1000) {
    const rows = await db
      .insert(positions)
      .values(
        Array.from({ length: Math.min(1000, POSITIONS - i) }, (_, k) => ({
          siteId: 'main',
          positionCode: `POS-${String(i + k).padStart(5, '0')}`,
          positionName: `Kerros ${(i + k) % 12}, huone ${i + k}`,
        })),
      )
      .returning({ id: positions.id });
    positionIds.push(...rows.map((r) => r.id));
  }
  const templates = await db
    .insert(taskTemplates)
    .values(
      Array.from({ length: TEMPLATES }, (_, n) => ({
        siteId: 'main',
        taskCode: `TPL_${String(n).padStart(3, '0')}`,
        taskName: `${WORDS[n % WORDS.length]} ${n}`,
        category: TASK_CATEGORIES[n % TASK_CATEGORIES.length],
        priority: (n % 5) + 1,
        durationMinutes: 15 + n,
      })),
    )
    .returning();
  const instances = positionIds.flatMap((positionId, p) =>
    Array.from({ length: PER_POSITION }, (_, k) => {
      const t = templates[(p + k * 3) % TEMPLATES];
      return {
        siteId: 'main',
        positionId,
        templateId: t.id,
        taskCode: t.taskCode,
        taskName: t.taskName,
        description: `Vaihe ${k + 1}`,
        category: t.category,
        priority: t.priority,
        durationMinutes: t.durationMinutes,
        // A third done, so the open-only default filters for real.
        isCompleted: (p + k) % 3 === 0,
      };
    }),
  );
  for (let i = 0; i < instances.length; i += 1000) {
    await db.insert(taskInstances).values(instances.slice(i, i + 1000));
  }
  return { positionIds, instanceCount: instances.length };
}

async function signIn(apiUrl: string, email: string): Promise<string> {
  const res = await fetch(`${apiUrl}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tagger-bench-tasks-'));
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
    const { positionIds, instanceCount } = await seed(app);
    const apiUrl = await listen(app);
    const baseUrl = await listen(baseline);
    const headers = { authorization: `Bearer ${await signIn(apiUrl, config.adminEmail)}` };
    console.log(
      `Tagger tasks benchmark — Node ${process.version}, ${os.cpus().length} CPUs, PGlite in ${dataDir}, ` +
        `${instanceCount} instances over ${POSITIONS} positions, ${RATE} req/s, ${DURATION} s per run`,
    );

    // 200 different filter combinations, sent in turn.
    const filtered = Array.from({ length: 200 }, (_, i) => {
      const q = new URLSearchParams({
        positionId: String(positionIds[(i * 37) % POSITIONS]),
        category: TASK_CATEGORIES[i % TASK_CATEGORIES.length],
        search: SEARCHES[i % SEARCHES.length],
      });
      return `/api/v1/unified-tasks/instances?${q}`;
    });
    const byPosition = Array.from(
      { length: 200 },
      (_, i) =>
        `/api/v1/unified-tasks/instances?positionId=${positionIds[(i * 53) % POSITIONS]}&includeCompleted=true`,
    );
    const targets = [
      { name: 'GET instances ?positionId&category&search', path: filtered[0], paths: filtered },
      { name: 'GET instances ?positionId&includeCompleted', path: byPosition[0], paths: byPosition },
    ];
    for (const target of targets) {
      const probe = await fetch(`${apiUrl}${target.path}`, { headers });
      if (probe.status !== 200)
        throw new Error(`${target.name} answered ${probe.status}: ${await probe.text()}`);
    }

    const fixed = { duration: DURATION, connections: 10, overallRate: RATE };
    for (const target of targets) await measure({ ...target, url: apiUrl, headers, ...fixed, duration: 2 });
    await measure({ name: 'warm-up', url: baseUrl, path: '/ping', ...fixed, duration: 2 });
    const base = await measure({ name: 'baseline GET /ping', url: baseUrl, path: '/ping', ...fixed });
    const runs: Run[] = [base];
    for (const target of targets) runs.push(await measure({ ...target, url: apiUrl, headers, ...fixed }));
    printRuns(runs, base);
    for (const r of runs.slice(1)) {
      const ok = r.p99 < TARGET_P99_MS && r.non2xx === 0 && r.errors === 0;
      console.log(
        `${r.name}: p99 ${ms(r.p99)} ms at ${RATE} req/s (target < ${TARGET_P99_MS} ms): ${ok ? 'PASS' : 'FAIL'}`,
      );
    }

    // CPU per request, one request at a time (app.inject: no network, no load generator): a
    // figure the machine's other load disturbs much less than the latencies above. GET /users
    // (measured in bench/api.ts) is the reference.
    const cpuPerRequest = async (paths: string[], n = 1000) => {
      for (let k = 0; k < 100; k++)
        await app.inject({ method: 'GET', url: paths[k % paths.length], headers });
      const start = process.cpuUsage();
      for (let k = 0; k < n; k++) await app.inject({ method: 'GET', url: paths[k % paths.length], headers });
      const used = process.cpuUsage(start);
      return (used.user + used.system) / 1000 / n;
    };
    for (const [name, paths] of [
      ['GET /api/v1/users (reference)', ['/api/v1/users']],
      ...targets.map((x) => [x.name, x.paths] as const),
    ] as const) {
      console.log(`CPU per request, ${name}: ${(await cpuPerRequest([...paths])).toFixed(2)} ms`);
    }

    // from-template for 1,000 positions: a fresh template each time, so every position is created.
    const json = { ...headers, 'content-type': 'application/json' };
    for (let run = 0; run < BULK_RUNS; run++) {
      const made = await fetch(`${apiUrl}/api/v1/unified-tasks/templates`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ task_name: `Bulk template ${run}`, category: 'safety', duration_minutes: 20 }),
      });
      const template = ((await made.json()) as { template: { id: number } }).template;
      const targetPositions = positionIds.slice(run * 500, run * 500 + BULK_POSITIONS);
      const started = performance.now();
      const res = await fetch(`${apiUrl}/api/v1/unified-tasks/instances/from-template`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ template_id: template.id, positions: targetPositions }),
      });
      const body = (await res.json()) as { created_count: number; skipped_count: number };
      const elapsed = performance.now() - started;
      const ok = res.status === 201 && body.created_count === BULK_POSITIONS && elapsed < TARGET_BULK_MS;
      console.log(
        `POST from-template, ${BULK_POSITIONS} positions (run ${run + 1}): ${elapsed.toFixed(0)} ms, ` +
          `${body.created_count} created (target < ${TARGET_BULK_MS} ms): ${ok ? 'PASS' : 'FAIL'}`,
      );
    }
  } finally {
    // Let the last in-flight requests finish before the database closes.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await baseline.close();
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
