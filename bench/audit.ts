/**
 * The audit log's write cost on PostgreSQL, side by side in one run: the same position updates
 * (8 at a time, one site, all writing to the site's one audit chain) against an app with the
 * audit log and one without (BuildOptions.audit = false), interleaved in rounds. Prints p50/p99.
 * Events are sealed into the chain after each answer (plugins/audit-sealing.ts): that work runs
 * beside the audited round's writes, and the round ends only when the sealer is idle, so the
 * unaudited round after it does not pay for it. The chain is verified at the end.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/tagger_bench_audit node bench/audit.ts [--writes 20000] [--rate 300]
 *
 * --rate R writes R a second whatever the answers (open loop, each timed from when it was due),
 * the load of a live site; without it 8 writers write as fast as they can (closed loop).
 *
 * 20,000 writes a side (about 30 s): with 2,000–6,000 the p99 is the 20th–60th slowest write, and
 * one stall that both sides share by chance swung the ratio 0.96–1.70× between identical runs.
 */

import { buildApp } from '../server/src/app.ts';
import { loadConfig } from '../server/src/config.ts';
import { openDatabase } from '../server/src/db/client.ts';
import { freshPgDatabase } from './fresh-database.ts';

const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/tagger_bench_audit';
const writesArg = process.argv.indexOf('--writes');
const WRITES = writesArg > 0 ? Number(process.argv[writesArg + 1]) : 20_000;
const CONCURRENCY = 8;
/** --rate R: open loop, R writes a second whatever the answers (latency from each write's planned start). */
const rateArg = process.argv.indexOf('--rate');
const RATE = rateArg > 0 ? Number(process.argv[rateArg + 1]) : 0;

await freshPgDatabase(url);

const config = {
  ...loadConfig({}),
  adminEmail: 'admin@example.com',
  adminPassword: 'Bench-Pass-1',
  staticDir: '',
  logLevel: 'silent',
};
const database = await openDatabase({ url, poolSize: 10 });
const apps = {
  audited: await buildApp({ config, database, logger: false }),
  off: await buildApp({ config, database, logger: false, audit: false }),
};
const login = await apps.audited.inject({
  method: 'POST',
  url: '/api/v1/auth/login',
  payload: { email: config.adminEmail, password: config.adminPassword },
});
const auth = { authorization: `Bearer ${login.json().token}` };
const ids: number[] = [];
for (let i = 0; i < 50; i++) {
  const res = await apps.audited.inject({
    method: 'POST',
    url: '/api/v1/positions',
    headers: auth,
    payload: { position_code: `B-${i}`, position_name: `Bay ${i}` },
  });
  ids.push(res.json().position.id);
}

const times: Record<keyof typeof apps, number[]> = { audited: [], off: [] };
let n = 0;
async function write(kind: keyof typeof apps, start: number) {
  const id = ids[n++ % ids.length];
  const res = await apps[kind].inject({
    method: 'PUT',
    url: `/api/v1/positions/${id}`,
    headers: auth,
    payload: { description: `note ${n}` },
  });
  times[kind].push(performance.now() - start);
  if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Open loop: a write every 1000/RATE ms from the round's start, timed from when it was due. */
async function paced(kind: keyof typeof apps, count: number) {
  const begin = performance.now();
  const sent: Promise<void>[] = [];
  for (let i = 0; i < count; i++) {
    const due = begin + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    sent.push(write(kind, due));
  }
  await Promise.all(sent);
}
async function round(kind: keyof typeof apps, count: number) {
  if (RATE > 0) return paced(kind, count);
  let left = count;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (left-- > 0) await write(kind, performance.now());
    }),
  );
}
const ROUND = 200;
const sealer = (apps.audited as { auditSealer?: { idle(): Promise<void> } }).auditSealer;
// Each app's start (its plugins' ready, first-use caches) happens before the measuring: a first
// write to a fresh app took 4.5 s, which open-loop writes queue behind.
for (const kind of ['audited', 'off'] as const) {
  await apps[kind].ready();
  for (let i = 0; i < 50; i++) await write(kind, performance.now());
  times[kind].length = 0;
}
for (let done = 0; done < WRITES; done += ROUND) {
  await round('audited', ROUND);
  await sealer?.idle();
  await round('off', ROUND);
}
const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
for (const kind of ['audited', 'off'] as const)
  console.log(
    `${kind.padEnd(8)} writes ${times[kind].length}  p50 ${pct(times[kind], 50).toFixed(2)} ms  p99 ${pct(times[kind], 99).toFixed(2)} ms`,
  );
const ratio = pct(times.audited, 99) / pct(times.off, 99);
console.log(
  `p99 with auditing / without: ${ratio.toFixed(2)} (${RATE > 0 ? `${RATE} writes/s, open loop` : `${CONCURRENCY} writers, closed loop`}; load average ${(await import('node:os')).loadavg()[0].toFixed(1)})`,
);
const verify = await apps.audited.inject({
  method: 'GET',
  url: '/api/v1/audit-events/verify',
  headers: auth,
});
console.log(`chain: ${verify.body}`);
await apps.off.close();
await apps.audited.close();
await database.close();
