/**
 * Assignments benchmark: on PGlite,
 * - POST /position-task-assignments/bulk-assign with 10,000 pairs, dry run and real, in both body
 *   shapes (the wizard's 100 positions × 100 task ids, and 10,000 one-pair entries): each < 3 s;
 * - POST /task-dependencies/validate on a position whose dependency graph has 2,000 edges, at a
 *   fixed rate beside a bare Fastify route in the same run: p99 < 20 ms. Two bodies: one that
 *   closes a cycle through the whole graph (every edge walked, the path named) and one that is
 *   valid. The fixed rate is evenly spaced and open-loop (bench/harness.ts; BENCH_PACING=bursts
 *   for autocannon's per-second bursts, which made p50 ~10× the one-at-a-time cost). Nothing
 *   commits during the runs, so validate answers from the facts it keeps under the database
 *   snapshot; the one-at-a-time figures also give the cost when a commit came before each call.
 * Run: npm run bench:assignments   (options: BENCH_DURATION=10 BENCH_RATE=100)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { buildApp } from '../server/src/app.ts';
import { loadConfig } from '../server/src/config.ts';
import {
  positions,
  positionTaskAssignments,
  taskDependencies,
  tasks,
} from '../server/src/db/schema/index.ts';
import { listen, measure, ms, printRuns, type Run } from './harness.ts';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const RATE = Number(process.env.BENCH_RATE ?? 100);
const PASSWORD = 'Bench-Pass-1';
const BULK_POSITIONS = 100;
const BULK_TASKS = 100;
const GRAPH_TASKS = 1000;
const GRAPH_EDGES = 2000;
const TARGET_BULK_MS = 3000;
const TARGET_P99_MS = 20;

type App = Awaited<ReturnType<typeof buildApp>>;

async function insertChunked<T>(rows: T[], insert: (chunk: T[]) => Promise<{ id: number }[]>) {
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += 1000)
    ids.push(...(await insert(rows.slice(i, i + 1000))).map((r) => r.id));
  return ids;
}

async function seed(app: App) {
  const { db } = app.database;
  const positionIds = await insertChunked(
    Array.from({ length: 2 * BULK_POSITIONS + 1 }, (_, i) => ({
      siteId: 'main',
      positionCode: `P-${String(i).padStart(4, '0')}`,
      positionName: `Position ${i}`,
    })),
    (chunk) => db.insert(positions).values(chunk).returning({ id: positions.id }),
  );
  const taskIds = await insertChunked(
    Array.from({ length: GRAPH_TASKS }, (_, i) => ({
      siteId: 'main',
      taskCode: `T-${String(i).padStart(4, '0')}`,
      taskName: `Task ${i}`,
      estimatedDurationMinutes: 30,
    })),
    (chunk) => db.insert(tasks).values(chunk).returning({ id: tasks.id }),
  );

  // The graph position: every task assigned; a chain t0 → t1 → … → t999 (t_i depends on t_i+1)
  // and forward edges (i < j) up to 2,000, so the graph is acyclic and t0 reaches every task.
  const graphPosition = positionIds[2 * BULK_POSITIONS];
  await db
    .insert(positionTaskAssignments)
    .values(taskIds.map((taskId) => ({ siteId: 'main', positionId: graphPosition, taskId })));
  const edges = new Set<string>();
  for (let i = 0; i + 1 < GRAPH_TASKS; i++) edges.add(`${i}:${i + 1}`);
  let seedValue = 42;
  const random = () => {
    seedValue = (seedValue * 1103515245 + 12345) % 2 ** 31;
    return seedValue / 2 ** 31;
  };
  while (edges.size < GRAPH_EDGES) {
    const a = Math.floor(random() * (GRAPH_TASKS - 2));
    const b = a + 2 + Math.floor(random() * (GRAPH_TASKS - a - 2));
    edges.add(`${a}:${b}`);
  }
  const rows = [...edges].map((e) => {
    const [a, b] = e.split(':').map(Number);
    return { siteId: 'main', positionId: graphPosition, taskId: taskIds[a], dependsOnTaskId: taskIds[b] };
  });
  for (let i = 0; i < rows.length; i += 1000)
    await db.insert(taskDependencies).values(rows.slice(i, i + 1000));
  return { positionIds, taskIds, graphPosition };
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

async function timed(apiUrl: string, headers: Record<string, string>, body: unknown) {
  const text = JSON.stringify(body);
  const started = performance.now();
  const res = await fetch(`${apiUrl}/api/v1/position-task-assignments/bulk-assign`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: text,
  });
  const answer = (await res.json()) as { created: number; skipped_existing: number; refused: unknown[] };
  const elapsed = performance.now() - started;
  if (res.status !== 200)
    throw new Error(`bulk-assign answered ${res.status}: ${JSON.stringify(answer).slice(0, 300)}`);
  return { elapsed, answer, kb: text.length / 1024 };
}

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tagger-bench-assign-'));
  const config = {
    ...loadConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '', REDIS_URL: '' }),
    adminEmail: 'admin@example.com',
    adminPassword: PASSWORD,
    staticDir: '',
  };
  const app = await buildApp({ config, serveConsole: false });
  const baseline = Fastify({ logger: false });
  baseline.post('/ping', async () => ({ valid: true, error: null }));
  try {
    const { positionIds, taskIds, graphPosition } = await seed(app);
    const apiUrl = await listen(app);
    const baseUrl = await listen(baseline);
    const headers = { authorization: `Bearer ${await signIn(apiUrl, config.adminEmail)}` };
    console.log(
      `Tagger assignments benchmark — Node ${process.version}, ${os.cpus().length} CPUs, PGlite in ${dataDir}`,
    );

    // Bulk assignment: 10,000 pairs per call, each shape on its own 100 positions.
    const bulkTasks = taskIds.slice(0, BULK_TASKS);
    const wizard = {
      assignments: positionIds
        .slice(0, BULK_POSITIONS)
        .map((position_id) => ({ position_id, task_ids: bulkTasks, overrides: { is_primary: false } })),
    };
    const pairs = {
      assignments: positionIds
        .slice(BULK_POSITIONS, 2 * BULK_POSITIONS)
        .flatMap((position_id) => bulkTasks.map((task_id) => ({ position_id, task_id, is_primary: false }))),
    };
    const bulkRuns: { run: string; body: unknown }[] = [
      { run: 'wizard shape, dry run (10,000 new)', body: { ...wizard, dry_run: true } },
      { run: 'wizard shape, real (10,000 new)', body: wizard },
      { run: 'wizard shape, real again (10,000 existing)', body: wizard },
      { run: 'pair shape, dry run (10,000 new)', body: { ...pairs, dry_run: true } },
      { run: 'pair shape, real (10,000 new)', body: pairs },
    ];
    // One untimed small call first, so the timed ones do not pay for first-use compilation.
    await timed(apiUrl, headers, {
      assignments: [{ position_id: positionIds[0], task_id: taskIds[0] }],
      dry_run: true,
    });
    const bulkTable = [];
    for (const { run, body } of bulkRuns) {
      const { elapsed, answer, kb } = await timed(apiUrl, headers, body);
      bulkTable.push({
        run,
        'body KB': kb.toFixed(0),
        created: answer.created,
        skipped: answer.skipped_existing,
        refused: answer.refused.length,
        ms: elapsed.toFixed(0),
        [`< ${TARGET_BULK_MS} ms`]: elapsed < TARGET_BULK_MS ? 'PASS' : 'FAIL',
      });
    }
    console.table(bulkTable);

    // Validate on the 2,000-edge graph.
    const validate = (taskId: number, dependsOn: number) =>
      JSON.stringify({ position_id: graphPosition, task_id: taskId, depends_on_task_id: dependsOn });
    const closing = validate(taskIds[GRAPH_TASKS - 1], taskIds[0]);
    const probe = await fetch(`${apiUrl}/api/v1/task-dependencies/validate`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: closing,
    });
    const probeBody = (await probe.json()) as { valid: boolean; cycle: string[] | null };
    console.log(
      `validate probe: ${probe.status}, valid=${probeBody.valid}, cycle of ${probeBody.cycle?.length ?? 0} tasks`,
    );
    // One request at a time in process (app.inject): the server's own time per validate, which a
    // machine loaded by other work distorts far less than latencies under a fixed rate.
    // Validate keeps a position's facts under the database snapshot (repositories/dependencies.ts):
    // the repeated runs are served from them; 'after a commit' commits a transaction (of another
    // table: any commit moves the snapshot) before each request, untimed, so every one re-reads.
    const commit = () => app.database.db.execute(sql`select txid_current()`);
    for (const [name, body, before] of [
      ['closes a cycle', closing, null],
      ['valid', validate(taskIds[0], taskIds[GRAPH_TASKS - 1]), null],
      ['closes a cycle, after a commit', closing, commit],
      ['valid, after a commit', validate(taskIds[0], taskIds[GRAPH_TASKS - 1]), commit],
    ] as const) {
      const times: number[] = [];
      let cpu = process.cpuUsage();
      let untimed = 0;
      for (let i = 0; i < 300; i++) {
        if (i === 50) {
          cpu = process.cpuUsage();
          untimed = 0;
        }
        if (before) {
          const c = process.cpuUsage();
          await before();
          const u = process.cpuUsage(c);
          untimed += u.user + u.system;
        }
        const started = performance.now();
        const res = await app.inject({
          method: 'POST',
          url: '/api/v1/task-dependencies/validate',
          headers: { ...headers, 'content-type': 'application/json' },
          payload: body,
        });
        if (i >= 50) times.push(performance.now() - started);
        if (res.statusCode !== 200) throw new Error(`validate answered ${res.statusCode}`);
      }
      const used = process.cpuUsage(cpu);
      const cpuMs = (used.user + used.system - untimed) / 1000 / times.length;
      times.sort((a, b) => a - b);
      const at = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)];
      console.log(
        `validate (${name}), one at a time in process: p50 ${ms(at(0.5))} ms, p99 ${ms(at(0.99))} ms, ` +
          `CPU ${ms(cpuMs)} ms per request, over ${times.length}`,
      );
    }
    {
      let cpu = process.cpuUsage();
      for (let i = 0; i < 300; i++) {
        if (i === 50) cpu = process.cpuUsage();
        await app.inject({ method: 'GET', url: '/api/v1/users', headers });
      }
      const used = process.cpuUsage(cpu);
      console.log(
        `reference GET /users, one at a time in process: CPU ${ms((used.user + used.system) / 1000 / 250)} ms per request`,
      );
    }
    const post = { method: 'POST' as const, headers: { ...headers, 'content-type': 'application/json' } };
    const fixed = { duration: DURATION, connections: 10, overallRate: RATE };
    const targets = [
      {
        name: 'validate: closes a cycle (whole graph)',
        path: '/api/v1/task-dependencies/validate',
        body: closing,
      },
      {
        name: 'validate: valid',
        path: '/api/v1/task-dependencies/validate',
        body: validate(taskIds[0], taskIds[GRAPH_TASKS - 1]),
      },
    ];
    for (const target of targets) await measure({ ...target, ...post, url: apiUrl, ...fixed, duration: 2 });
    await measure({ name: 'warm-up', url: baseUrl, path: '/ping', method: 'POST', ...fixed, duration: 2 });
    const base = await measure({
      name: 'baseline POST /ping',
      url: baseUrl,
      path: '/ping',
      method: 'POST',
      ...fixed,
    });
    const runs: Run[] = [base];
    for (const target of targets) runs.push(await measure({ ...target, ...post, url: apiUrl, ...fixed }));
    printRuns(runs, base);
    for (const r of runs.slice(1)) {
      const ok = r.p99 < TARGET_P99_MS && r.non2xx === 0 && r.errors === 0;
      console.log(
        `${r.name}: p99 ${ms(r.p99)} ms at ${RATE} req/s (target < ${TARGET_P99_MS} ms): ${ok ? 'PASS' : 'FAIL'}`,
      );
    }
  } finally {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await baseline.close();
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
