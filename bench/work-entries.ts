/**
 * Work entries at a million rows, on PostgreSQL and PGlite:
 * - GET /work-entries: first pages of every sort in both orders, deep pages (cursors half-way and
 *   near the end), and filters (status, worker, position, task, days, search over names and notes,
 *   combined) at a fixed rate; target p99 < 50 ms on PostgreSQL and < 100 ms on PGlite at 300 req/s;
 *   first pages are kept per version (service.ts), so the filters run again while entries change
 *   (BENCH_WRITES changes per second, default 10, far more than a busy site's thousands a day):
 *   new entries alone, then check-ins and completions in turn; and one at a time, both kept and
 *   after a change (each request preceded by an update's bump: the cost of a page read afresh);
 * - GET /dashboard/summary at the same rate; target p99 < 20 ms;
 * - GET /work-entries/export of every row: target ≥ 50,000 rows/s, server memory growth < 100 MB.
 *
 * Data: `scripts/seed.ts` (the same one `npm run seed` runs), once per database; later runs reuse
 * it. PostgreSQL: database tagger_bench_we next to TEST_DATABASE_URL (or BENCH_DATABASE_URL);
 * PGlite: BENCH_PGLITE_DIR (default the system temp folder).
 * Run: npm run bench:work-entries   (BENCH_DB=postgres|pglite|both, BENCH_ENTRIES=1000000,
 *      BENCH_RATE=300, BENCH_DURATION=10, BENCH_ONLY=export|lists: only the export, or all but it)
 */
import { spawn } from 'node:child_process';
import os from 'node:os';
import Fastify from 'fastify';
import { listen, measure, ms, printRuns } from './harness.ts';
import { type Kind, openApp, paths, signIn } from './work-entries-data.ts';

const RATE = Number(process.env.BENCH_RATE ?? 300);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const WHICH = process.env.BENCH_DB ?? 'both';
const WRITES = Number(process.env.BENCH_WRITES ?? 10);
const TARGETS = {
  postgres: 50,
  pglite: 100,
  dashboard: 20,
  exportRowsPerSecond: 50_000,
  exportMemoryMb: 100,
};

/**
 * Downloads the whole export from another process (so only the server's memory is in
 * this one), counting its lines, while sampling this process's resident memory.
 */
async function measureExport(apiUrl: string, token: string) {
  global.gc?.();
  const before = process.memoryUsage();
  let peak = before.rss;
  let peakHeap = before.heapUsed;
  let peakBuffers = before.arrayBuffers;
  const sampler = setInterval(() => {
    const now = process.memoryUsage();
    peak = Math.max(peak, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed);
    peakBuffers = Math.max(peakBuffers, now.arrayBuffers);
  }, 50);
  const started = performance.now();
  const client = `
    const res = await fetch(process.argv[1], { headers: { authorization: process.argv[2], 'accept-encoding': 'identity' } });
    let lines = 0, bytes = 0;
    for await (const chunk of res.body) { bytes += chunk.length; for (const b of chunk) if (b === 10) lines++; }
    console.log(JSON.stringify({ status: res.status, declared: res.headers.get('x-total-count'), lines, bytes }));`;
  const out = await new Promise<string>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--input-type=module', '-e', client, `${apiUrl}/api/v1/work-entries/export`, `Bearer ${token}`],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let stdout = '';
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    child.on('error', reject);
    child.on('close', () => resolve(stdout));
  });
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const got = JSON.parse(out.trim() || '{}') as {
    status: number;
    declared: string;
    lines: number;
    bytes: number;
  };
  const rows = got.lines - 1;
  return {
    status: got.status,
    rows,
    declared: Number(got.declared),
    seconds,
    rowsPerSecond: rows / seconds,
    mb: got.bytes / 1024 / 1024,
    growthMb: (peak - before.rss) / 1024 / 1024,
    heapMb: (peakHeap - before.heapUsed) / 1024 / 1024,
    buffersMb: (peakBuffers - before.arrayBuffers) / 1024 / 1024,
  };
}

/**
 * One request at a time (no queueing): each request's own cost, the figure that compares across
 * machines and loads. Median and the slowest path's median of three passes, ms.
 */
async function oneAtATime(
  apiUrl: string,
  headers: Record<string, string>,
  list: string[],
  before?: () => Promise<unknown>,
) {
  const medians: number[] = [];
  for (const p of list) {
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      await before?.();
      const t0 = performance.now();
      await (await fetch(`${apiUrl}${p}`, { headers })).arrayBuffer();
      times.push(performance.now() - t0);
    }
    medians.push(times.sort((a, b) => a - b)[2]);
  }
  medians.sort((a, b) => a - b);
  return { median: medians[Math.floor(medians.length / 2)], worst: medians.at(-1) ?? Number.NaN };
}

async function bench(kind: Kind) {
  const app = await openApp(kind);
  // The baseline: a bare Fastify route in this process, at the same rate (the table's ratios).
  const baseline = Fastify({ logger: false });
  baseline.get('/ping', async () => ({ ok: true }));
  try {
    const apiUrl = await listen(app);
    const baseUrl = await listen(baseline);
    const token = await signIn(apiUrl);
    const headers = { authorization: `Bearer ${token}` };
    const { pages, filters } = await paths(app);
    for (const p of [...pages, ...filters]) {
      const res = await fetch(`${apiUrl}${p}`, { headers });
      if (res.status !== 200) throw new Error(`${p} answered ${res.status}: ${await res.text()}`);
    }
    const [{ n }] = await app.database.query<{ n: number }>('select count(*)::int as n from work_entries');
    console.log(
      `\n${kind}: ${n.toLocaleString('en')} work entries — Node ${process.version}, ${os.cpus().length} CPUs, ` +
        `load ${os
          .loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')}, ${RATE} req/s, ${DURATION} s per run`,
    );
    const exportOnly = process.env.BENCH_ONLY === 'export';
    /**
     * Moves the site's entry version and its count of changes but inserts, as an update of an entry
     * does: nothing kept is served, no count is kept (a new entry alone keeps counts past the cap).
     */
    const touch = () =>
      app.database.query(
        `update work_entry_site_totals set version = version + 1, reshaped = reshaped + 1 where site_id = 'main'`,
      );
    const [someone] = await app.database.query<{ user_id: number; position_id: number }>(
      `select user_id, position_id from work_entries where site_id = 'main' limit 1`,
    );
    /**
     * WRITES changes per second while `run` runs, as workers' phones make them: `kind` 'inserts',
     * new entries only (check-ins); 'mixed', every other change completes the entry begun before
     * it (an update: no count is kept across it).
     */
    const whileWriting = async <T>(mix: 'inserts' | 'mixed', run: () => Promise<T>) => {
      let written = 0;
      const begun: number[] = [];
      const timer = setInterval(() => {
        written++;
        const id = mix === 'mixed' && written % 2 === 0 ? begun.shift() : undefined;
        if (id !== undefined) {
          void app.database.query(
            `update work_entries set status = 'completed', completed_at = now() where id = ${id}`,
          );
          return;
        }
        void app.database
          .query<{ id: number }>(
            `insert into work_entries (site_id, user_id, position_id, status, notes)
             values ('main', ${someone.user_id}, ${someone.position_id}, 'in_progress', 'bench write') returning id`,
          )
          .then(([row]) => begun.push(row.id));
      }, 1000 / WRITES);
      try {
        return await run();
      } finally {
        clearInterval(timer);
        console.log(
          `(${written} ${mix === 'mixed' ? 'check-ins and completions' : 'entries'} during the run)`,
        );
        await app.database.query(`delete from work_entries where notes = 'bench write'`);
      }
    };
    for (const [name, list] of exportOnly
      ? []
      : ([
          ['pages and sorts', pages],
          ['filters and search', filters],
          ['dashboard summary', ['/api/v1/dashboard/summary']],
        ] as const)) {
      const one = await oneAtATime(apiUrl, headers, [...list]);
      const fresh = await oneAtATime(apiUrl, headers, [...list], touch);
      console.log(
        `${kind} ${name}, one request at a time: median ${ms(one.median)} ms, slowest path ${ms(one.worst)} ms; ` +
          `after a change: median ${ms(fresh.median)} ms, slowest path ${ms(fresh.worst)} ms`,
      );
    }
    const fixed = { url: apiUrl, headers, overallRate: RATE, connections: 20 };
    if (!exportOnly)
      await measure({
        name: 'warm-up',
        path: pages[0],
        paths: [...pages, ...filters],
        ...fixed,
        duration: 3,
      });
    const base = exportOnly
      ? undefined
      : await measure({
          name: 'baseline GET /ping',
          path: '/ping',
          ...fixed,
          url: baseUrl,
          headers: {},
          duration: DURATION,
        });
    const runs = exportOnly
      ? []
      : [
          await measure({
            name: 'pages and sorts',
            path: pages[0],
            paths: pages,
            ...fixed,
            duration: DURATION,
          }),
          await measure({
            name: 'filters and search',
            path: filters[0],
            paths: filters,
            ...fixed,
            duration: DURATION,
          }),
          await measure({
            name: 'dashboard summary',
            path: '/api/v1/dashboard/summary',
            ...fixed,
            duration: DURATION,
          }),
          await whileWriting('inserts', () =>
            measure({
              name: `filters and search, ${WRITES} new entries/s`,
              path: filters[0],
              paths: filters,
              ...fixed,
              duration: DURATION,
            }),
          ),
          await whileWriting('mixed', () =>
            measure({
              name: `filters and search, ${WRITES} check-ins and completions/s`,
              path: filters[0],
              paths: filters,
              ...fixed,
              duration: DURATION,
            }),
          ),
        ];
    if (base) printRuns([base, ...runs], base);
    const listTarget = TARGETS[kind];
    for (const r of runs) {
      const target = r.name === 'dashboard summary' ? TARGETS.dashboard : listTarget;
      const ok = r.p99 < target && r.non2xx === 0 && r.errors === 0;
      console.log(`${kind} ${r.name}: p99 ${ms(r.p99)} ms (target < ${target}): ${ok ? 'PASS' : 'FAIL'}`);
    }
    if (process.env.BENCH_ONLY === 'lists') return;
    const e = await measureExport(apiUrl, token);
    const ok =
      e.status === 200 &&
      e.rows === e.declared &&
      e.rowsPerSecond >= TARGETS.exportRowsPerSecond &&
      e.growthMb < TARGETS.exportMemoryMb;
    console.log(
      `${kind} export: ${e.rows.toLocaleString('en')} rows (${e.mb.toFixed(0)} MB) in ${e.seconds.toFixed(1)} s = ` +
        `${Math.round(e.rowsPerSecond).toLocaleString('en')} rows/s, server memory +${e.growthMb.toFixed(1)} MB resident (heap +${e.heapMb.toFixed(1)} MB, buffers +${e.buffersMb.toFixed(1)} MB) ` +
        `(targets ≥ ${TARGETS.exportRowsPerSecond.toLocaleString('en')} rows/s, < ${TARGETS.exportMemoryMb} MB): ${ok ? 'PASS' : 'FAIL'}`,
    );
  } finally {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await baseline.close();
    await app.close();
  }
}

for (const kind of ['postgres', 'pglite'] as const) {
  if (WHICH === kind || WHICH === 'both') await bench(kind);
}
