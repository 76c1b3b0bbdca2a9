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
 *      BENCH_RATE=300, BENCH_DURATION=10, BENCH_ONLY=export|lists|combos: only the export, all but
 *      it, or only every combination under writes (everyCombination), BENCH_PG_DATABASE: the
 *      PostgreSQL database's name, default tagger_bench_we)
 */
import { spawn } from 'node:child_process';
import os from 'node:os';
import Fastify from 'fastify';
import { listen, measure, ms, percentile, printRuns } from './harness.ts';
import { watch } from './process-watch.ts';
import { combos, whileCheckingIn } from './work-entries-combos.ts';
import { type App, type Kind, openApp, paths, signIn } from './work-entries-data.ts';

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

/**
 * Every sort × order × status × search combination, first pages and pages half-way through, at
 * BENCH_COMBO_RATE req/s (default 100) for BENCH_COMBO_ROUNDS passes (default 5), while the site
 * takes BENCH_COMBO_WRITES check-ins and status changes a second (default 20); each combination's
 * p99 (the slowest of its requests at 5 passes), and the slowest five. Before that, each path one
 * request at a time under the same writes, BENCH_COMBO_PASSES times (default 3): its own cost,
 * without the queue.
 */
async function everyCombination(
  kind: Kind,
  app: App,
  apiUrl: string,
  headers: Record<string, string>,
  base: Awaited<ReturnType<typeof measure>>,
) {
  const rate = Number(process.env.BENCH_COMBO_RATE ?? 100);
  const rounds = Number(process.env.BENCH_COMBO_ROUNDS ?? 5);
  const writes = Number(process.env.BENCH_COMBO_WRITES ?? 20);
  const passes = Number(process.env.BENCH_COMBO_PASSES ?? 3);
  const list = await combos(app);
  const all = list.flatMap((c) => (c.deep ? [c.first, c.deep] : [c.first]));
  for (const p of all) {
    const res = await fetch(`${apiUrl}${p}`, { headers });
    if (res.status !== 200) throw new Error(`${p} answered ${res.status}: ${await res.text()}`);
  }
  // Each path's own cost under the writes: one request at a time, `passes` passes.
  const own = new Map<string, number[]>();
  await whileCheckingIn(app, writes, async () => {
    for (let pass = 0; pass < passes; pass++)
      for (const p of all) {
        const t0 = performance.now();
        await (await fetch(`${apiUrl}${p}`, { headers })).arrayBuffer();
        own.set(p, [...(own.get(p) ?? []), performance.now() - t0]);
      }
  });
  const stopWatch = await watch(app.database);
  const run = await whileCheckingIn(app, writes, () =>
    measure({
      name: `${list.length} combinations × first and deep pages, ${writes} writes/s`,
      path: all[0],
      paths: all,
      url: apiUrl,
      headers,
      overallRate: rate,
      connections: 20,
      duration: Math.ceil((all.length * rounds) / rate),
      perPath: true,
    }),
  );
  const meanwhile = await stopWatch();
  printRuns([base, run], base);
  console.log(`${kind}: meanwhile: ${meanwhile}`);
  const byPath = run.byPath ?? {};
  const rows = list.flatMap((c) =>
    (c.deep ? [['first', c.first] as const, ['deep', c.deep] as const] : [['first', c.first] as const]).map(
      ([page, p]) => {
        const alone = (own.get(p) ?? []).sort((a, b) => a - b);
        return {
          combo: c.name,
          page,
          'alone median ms': alone[Math.floor(alone.length / 2)],
          'alone max ms': alone.at(-1) ?? Number.NaN,
          // With BENCH_COMBO_PASSES=100 or more, the path's own p99 (its second slowest of 100).
          'alone p99 ms': percentile(alone, 99),
          // No answer at all within the harness's 10 s: counted as the slowest.
          'at rate p99 ms': byPath[p]?.length ? percentile(byPath[p], 99) : Number.POSITIVE_INFINITY,
        };
      },
    ),
  );
  const show = (r: (typeof rows)[number]) => ({
    ...r,
    'alone median ms': ms(r['alone median ms']),
    'alone max ms': ms(r['alone max ms']),
    'alone p99 ms': ms(r['alone p99 ms']),
    'at rate p99 ms': Number.isFinite(r['at rate p99 ms']) ? ms(r['at rate p99 ms']) : 'no answer',
  });
  rows.sort((a, b) => b['alone max ms'] - a['alone max ms']);
  console.log(
    `${kind}: the slowest five paths one at a time (of ${rows.length}; slowest of ${passes}, under ${writes} writes/s):`,
  );
  console.table(rows.slice(0, 5).map(show));
  const byMedian = [...rows].sort((a, b) => b['alone median ms'] - a['alone median ms']);
  console.log(
    `${kind}: the slowest five by median of ${passes} (the machine's passing stalls weigh less): ${byMedian
      .slice(0, 5)
      .map((r) => `${r.combo} ${r.page} ${ms(r['alone median ms'])}`)
      .join(
        '; ',
      )}; ${rows.filter((r) => r['alone median ms'] >= TARGETS.postgres).length} paths with a median ≥ ${TARGETS.postgres} ms`,
  );
  const byP99 = [...rows].sort((a, b) => b['alone p99 ms'] - a['alone p99 ms']);
  console.log(
    `${kind}: one at a time, p99 of each path's ${passes} requests: ${
      rows.filter((r) => r['alone p99 ms'] >= TARGETS.postgres).length
    } of ${rows.length} paths ≥ ${TARGETS.postgres} ms; the slowest five: ${byP99
      .slice(0, 5)
      .map((r) => `${r.combo} ${r.page} ${ms(r['alone p99 ms'])}`)
      .join('; ')}`,
  );
  const slowAlone = rows.filter((r) => r['alone max ms'] >= TARGETS.postgres);
  const overAlone = slowAlone.length;
  if (overAlone)
    console.log(
      `${kind}: every path ≥ ${TARGETS.postgres} ms one at a time (slowest of ${passes}): ${slowAlone
        .map((r) => `${r.combo} ${r.page} ${ms(r['alone max ms'])}`)
        .join('; ')}`,
    );
  rows.sort((a, b) => b['at rate p99 ms'] - a['at rate p99 ms']);
  console.log(`${kind}: the slowest five at ${rate} req/s (p99 of each path's ${rounds} requests):`);
  console.table(rows.slice(0, 5).map(show));
  const over = rows.filter((r) => r['at rate p99 ms'] >= TARGETS.postgres).length;
  console.log(
    `${kind} every combination: one at a time ${overAlone} of ${rows.length} paths ≥ ${TARGETS.postgres} ms; ` +
      `at ${rate} req/s overall p99 ${ms(run.p99)} ms (${(run.p99 / base.p99).toFixed(1)}× bare route), ` +
      `${over} paths with p99 ≥ ${TARGETS.postgres} ms, non-2xx ${run.non2xx}, errors ${run.errors}`,
  );
}

async function bench(kind: Kind) {
  const app = await openApp(kind, process.env.BENCH_PG_DATABASE);
  // The baseline: a bare Fastify route in this process, at the same rate (the table's ratios).
  const baseline = Fastify({ logger: false });
  baseline.get('/ping', async () => ({ ok: true }));
  try {
    const apiUrl = await listen(app);
    const baseUrl = await listen(baseline);
    const token = await signIn(apiUrl);
    const headers = { authorization: `Bearer ${token}` };
    if (process.env.BENCH_ONLY === 'combos') {
      const base = await measure({
        name: 'baseline GET /ping',
        path: '/ping',
        url: baseUrl,
        overallRate: Number(process.env.BENCH_COMBO_RATE ?? 100),
        connections: 20,
        duration: DURATION,
      });
      await everyCombination(kind, app, apiUrl, headers, base);
      return;
    }
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
