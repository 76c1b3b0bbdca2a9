/**
 * Exports must not starve everyone else: GET /users p99 while 5 full CSV exports stream at once
 * (from three users of one site, inside the per-user and per-site bounds), against its idle p99.
 * Goal: under 3× idle. The exports are downloaded by a child process (so only the server runs in
 * this one) and restarted as each ends, so they run for the whole measurement; the load is the
 * fixed-rate harness (harness.ts) in a worker thread.
 *
 * Data: the work-entries benchmark's seeded PostgreSQL database (bench/work-entries-data.ts),
 * topped up to BENCH_ENTRIES (default 200,000) when it holds fewer.
 * Idle and busy runs alternate for BENCH_ROUNDS rounds; the verdict is the median round's ratio.
 * Run: npm run bench:exports   (BENCH_ENTRIES, BENCH_RATE=100 req/s, BENCH_DURATION=10 s, BENCH_EXPORTS=5,
 *      BENCH_ROUNDS=3)
 */
import { spawn } from 'node:child_process';
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { listen, measure, ms, type Run } from './harness.ts';

process.env.BENCH_ENTRIES ??= '200000';
const { openApp, signIn } = await import('./work-entries-data.ts');

const RATE = Number(process.env.BENCH_RATE ?? 100);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const EXPORTS = Number(process.env.BENCH_EXPORTS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const GOAL = 3;
const EXPORTERS = 3;
const PASSWORD = 'Export-Bench-1';

/** Managers who export (created once; a later run finds them). */
async function exporterTokens(apiUrl: string, adminToken: string): Promise<string[]> {
  const tokens: string[] = [];
  for (let i = 1; i <= EXPORTERS; i++) {
    const email = `export.bench.${i}@example.com`;
    await fetch(`${apiUrl}/api/v1/users`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        first_name: 'Export',
        last_name: `Bench ${i}`,
        email,
        password: PASSWORD,
        role: 'manager',
      }),
    });
    const res = await fetch(`${apiUrl}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    if (res.status !== 200) throw new Error(`${email} could not sign in: ${res.status} ${await res.text()}`);
    tokens.push(((await res.json()) as { token: string }).token);
  }
  return tokens;
}

/**
 * A child process keeping `n` exports running (each restarted when it ends) until it is sent
 * SIGTERM; it then prints how many finished, their rows, and the answers other than 200.
 */
function keepExporting(apiUrl: string, tokens: string[], n: number) {
  const client = `
    const [url, n, ...tokens] = process.argv.slice(1);
    let done = 0, rows = 0, refused = {}, stop = false;
    process.on('SIGTERM', () => { stop = true; console.log(JSON.stringify({ done, rows, refused })); process.exit(0); });
    async function loop(token) {
      while (!stop) {
        const res = await fetch(url, { headers: { authorization: 'Bearer ' + token, 'accept-encoding': 'identity' } });
        if (res.status !== 200) { refused[res.status] = (refused[res.status] ?? 0) + 1; await res.arrayBuffer(); await new Promise((r) => setTimeout(r, 200)); continue; }
        for await (const chunk of res.body) for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) rows++;
        done++;
      }
    }
    for (let i = 0; i < Number(n); i++) loop(tokens[i % tokens.length]);`;
  const child = spawn(
    process.execPath,
    ['--input-type=module', '-e', client, `${apiUrl}/api/v1/work-entries/export`, String(n), ...tokens],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let out = '';
  child.stdout.on('data', (d) => {
    out += d;
  });
  const finished = new Promise<{ done: number; rows: number; refused: Record<string, number> }>((resolve) =>
    child.on('close', () => resolve(JSON.parse(out.trim() || '{"done":0,"rows":0,"refused":{}}'))),
  );
  return {
    async stop() {
      child.kill('SIGTERM');
      return finished;
    },
  };
}

const app = await openApp('postgres');
try {
  const apiUrl = await listen(app);
  const adminToken = await signIn(apiUrl);
  const tokens = await exporterTokens(apiUrl, adminToken);
  const [{ n }] = await app.database.query<{ n: number }>('select count(*)::int as n from work_entries');
  console.log(
    `postgres: ${n.toLocaleString('en')} work entries — Node ${process.version}, ${os.cpus().length} CPUs, ` +
      `load ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(
          ' ',
        )}; GET /users at ${RATE} req/s for ${DURATION} s; ${EXPORTS} exports by ${EXPORTERS} users ` +
      `(bounds: ${app.config.exportsPerUser} per user, ${app.config.exportsPerSite} per site)`,
  );
  const users = {
    url: apiUrl,
    path: '/api/v1/users',
    headers: { authorization: `Bearer ${adminToken}` },
    overallRate: RATE,
    connections: 20,
  };
  await measure({ ...users, name: 'warm-up', duration: 2 });
  const loop = monitorEventLoopDelay({ resolution: 5 });
  const loopP99 = async <T>(run: () => Promise<T>): Promise<[T, number]> => {
    loop.reset();
    loop.enable();
    const result = await run();
    loop.disable();
    return [result, loop.percentile(99) / 1e6];
  };
  const row = (r: Run, loopDelay: number) => ({
    run: r.name,
    requests: r.requests,
    'non-2xx': r.non2xx,
    errors: r.errors,
    'p50 ms': ms(r.p50),
    'p95 ms': ms(r.p95),
    'p99 ms': ms(r.p99),
    'max ms': ms(r.max),
    'sent late p99 ms': ms(r.lateP99),
    'server event-loop delay p99 ms': ms(loopDelay),
  });
  // Idle and busy runs alternate, so a change in the machine's other load touches both alike.
  const ratios: number[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const [idle, idleLoop] = await loopP99(() =>
      measure({ ...users, name: `${round}: GET /users, idle`, duration: DURATION }),
    );
    const exporting = keepExporting(apiUrl, tokens, EXPORTS);
    // Let every export get past its first batch before measuring.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const [busy, busyLoop] = await loopP99(() =>
      measure({ ...users, name: `${round}: GET /users, ${EXPORTS} exports running`, duration: DURATION }),
    );
    const exported = await exporting.stop();
    console.table([row(idle, idleLoop), row(busy, busyLoop)]);
    const ratio = busy.p99 / idle.p99;
    ratios.push(ratio);
    console.log(
      `round ${round}: exports ${exported.done} finished, ${exported.rows.toLocaleString('en')} lines streamed` +
        `${Object.keys(exported.refused).length ? `, refused: ${JSON.stringify(exported.refused)}` : ''}; ` +
        `GET /users p99 idle ${ms(idle.p99)} ms, during ${EXPORTS} exports ${ms(busy.p99)} ms: ${ratio.toFixed(2)}× idle`,
    );
  }
  const median = [...ratios].sort((a, b) => a - b)[Math.floor(ratios.length / 2)];
  console.log(
    `GET /users p99 during ${EXPORTS} exports, median of ${ROUNDS} rounds: ${median.toFixed(2)}× idle ` +
      `(goal < ${GOAL}×: ${median < GOAL ? 'met' : 'NOT met'}); load now ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
  );
} finally {
  await app.close();
}
