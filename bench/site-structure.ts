/**
 * Site-structure benchmark: GET /positions with 5,000 positions (one page of 50, and
 * the whole list) and GET /position-groups with 200 groups of 25 positions each, at a fixed rate
 * on PGlite, beside a bare Fastify route in the same run. Target: p99 < 20 ms at 1,000 req/s.
 * Run: npm run bench:site   (options: BENCH_DURATION=10 BENCH_RATE=1000 BENCH_WHOLE_RATE=100;
 * BENCH_DURATION=0 measures only the CPU per request, one request at a time, which the machine's
 * other load disturbs least; BENCH_CPU=0 skips that part)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { buildApp } from '../server/src/app.ts';
import { loadConfig } from '../server/src/config.ts';
import { positionGroupPositions, positionGroups, positions } from '../server/src/db/schema/index.ts';
import { listen, measure, ms, printRuns, type Run } from './harness.ts';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const RATE = Number(process.env.BENCH_RATE ?? 1000);
/** The whole list is 1.6 MB a time: a picker's load, not something asked a thousand times a second. */
const WHOLE_RATE = Number(process.env.BENCH_WHOLE_RATE ?? 100);
const CPU = process.env.BENCH_CPU !== '0';
const POSITIONS = 5000;
const GROUPS = 200;
const PER_GROUP = 25;
/** Every tenth position inactive, so the active counts and the include_inactive switch do work. */
const INACTIVE_EVERY = 10;
const PASSWORD = 'Bench-Pass-1';
const TARGET_P99_MS = 20;

type App = Awaited<ReturnType<typeof buildApp>>;

async function seed(app: App) {
  const { db } = app.database;
  const rows = Array.from({ length: POSITIONS }, (_, i) => ({
    siteId: 'main',
    positionCode: `POS-${String(i).padStart(5, '0')}`,
    positionName: `Position ${i}`,
    description: `Level ${i % 12}, bay ${i % 40}`,
    locationDetails: `Building ${String.fromCharCode(65 + (i % 6))}`,
    nfcTagId: `NFC${String(i).padStart(6, '0')}`,
    latitude: 60.17 + i / 1e6,
    longitude: 24.94 + i / 1e6,
    isActive: i % INACTIVE_EVERY !== 0,
  }));
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += 1000) {
    const inserted = await db
      .insert(positions)
      .values(rows.slice(i, i + 1000))
      .returning({ id: positions.id });
    ids.push(...inserted.map((r) => r.id));
  }
  const groups = await db
    .insert(positionGroups)
    .values(
      Array.from({ length: GROUPS }, (_, g) => ({
        siteId: 'main',
        groupName: `Group ${String(g).padStart(3, '0')}`,
        groupCode: `group_${g}`,
        description: `Positions ${g * PER_GROUP}–${g * PER_GROUP + PER_GROUP - 1}`,
      })),
    )
    .returning({ id: positionGroups.id });
  const members = groups.flatMap((group, g) =>
    ids
      .slice(g * PER_GROUP, (g + 1) * PER_GROUP)
      .map((positionId) => ({ siteId: 'main', groupId: group.id, positionId })),
  );
  for (let i = 0; i < members.length; i += 1000) {
    await db.insert(positionGroupPositions).values(members.slice(i, i + 1000));
  }
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
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tagger-bench-site-'));
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
    await seed(app);
    const apiUrl = await listen(app);
    const baseUrl = await listen(baseline);
    const headers = { authorization: `Bearer ${await signIn(apiUrl, config.adminEmail)}` };
    console.log(
      `Tagger site-structure benchmark — Node ${process.version}, ${os.cpus().length} CPUs, PGlite in ${dataDir}, ` +
        `${POSITIONS} positions, ${GROUPS} groups × ${PER_GROUP}, ${RATE} req/s, ${DURATION} s per run`,
    );

    const fixed = { duration: DURATION, connections: 10, overallRate: RATE };
    // Light lists first, so the heavy one's garbage does not weigh on them. The whole positions
    // list is what a picker loads; the positions screen reads one page at a time.
    const targets: { name: string; path: string; rate?: number }[] = [
      { name: 'GET /api/v1/position-groups', path: '/api/v1/position-groups' },
      {
        name: 'GET /api/v1/positions, one page of 50',
        path: '/api/v1/positions?include_inactive=true&limit=50',
      },
      {
        name: 'GET /api/v1/positions?include_inactive=true (all 5,000)',
        path: '/api/v1/positions?include_inactive=true',
        rate: WHOLE_RATE,
      },
    ];
    // CPU per request, one request at a time (app.inject: no network, no load generator), beside
    // the bare route's and GET /users' (bench/api.ts) in the same run. "After a commit": a committed
    // transaction elsewhere on the database before each request (select txid_current(), its own CPU
    // subtracted), which a snapshot-keyed cache must notice: the cost of an answer it cannot give.
    const commit = () => app.database.db.execute(sql`select txid_current()`);
    const cpuOf = async (n: number, step: () => Promise<unknown>) => {
      for (let k = 0; k < Math.min(n, 20); k++) await step();
      const start = process.cpuUsage();
      for (let k = 0; k < n; k++) await step();
      const used = process.cpuUsage(start);
      return (used.user + used.system) / 1000 / n;
    };
    const get = (url: string, between?: () => Promise<unknown>) => async () => {
      await between?.();
      const res = await app.inject({ method: 'GET', url, headers });
      if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}`);
    };
    if (CPU) {
      const bare = await cpuOf(2000, () => baseline.inject({ method: 'GET', url: '/ping' }));
      const commitCost = await cpuOf(300, commit);
      const users = await cpuOf(500, get('/api/v1/users'));
      const line = (name: string, cpu: number) =>
        console.log(`CPU per request, ${name}: ${ms(cpu)} ms (${(cpu / bare).toFixed(1)}× bare route)`);
      line('bare Fastify GET /ping (baseline)', bare);
      line('GET /api/v1/users (reference)', users);
      for (const target of targets) {
        const heavy = target.rate !== undefined;
        line(`${target.name}, cached`, await cpuOf(heavy ? 50 : 500, get(target.path)));
        line(
          `${target.name}, after a commit`,
          (await cpuOf(heavy ? 10 : 200, get(target.path, commit))) - commitCost,
        );
      }
      const analyzed = performance.now();
      await app.database.db.execute(sql`analyze positions`);
      console.log(`ANALYZE positions (${POSITIONS} rows): ${ms(performance.now() - analyzed)} ms`);
    }
    if (DURATION <= 0) return;

    const live: typeof targets = [];
    for (const target of targets) {
      const probe = await fetch(`${apiUrl}${target.path}`, { headers });
      if (probe.status !== 200) {
        console.log(`${target.name} answered ${probe.status}: not measured.`);
        continue;
      }
      live.push(target);
      await measure({
        ...target,
        url: apiUrl,
        headers,
        ...fixed,
        overallRate: target.rate ?? RATE,
        duration: 2,
      });
    }
    await measure({ name: 'warm-up', url: baseUrl, path: '/ping', ...fixed, duration: 2 });

    const base = await measure({ name: 'baseline GET /ping', url: baseUrl, path: '/ping', ...fixed });
    const runs: Run[] = [base];
    for (const target of live)
      runs.push(
        await measure({ ...target, url: apiUrl, headers, ...fixed, overallRate: target.rate ?? RATE }),
      );
    printRuns(runs, base);
    for (const r of runs.slice(1)) {
      const ok = r.p99 < TARGET_P99_MS && r.non2xx === 0 && r.errors === 0;
      console.log(
        `${r.name}: p99 ${ms(r.p99)} ms at ${r.rate} req/s (target < ${TARGET_P99_MS} ms): ${ok ? 'PASS' : 'FAIL'}`,
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
