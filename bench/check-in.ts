/**
 * The field app's check-in at scale (PostgreSQL): POST /work-entries at a fixed rate with a large
 * entries table, without and with an Idempotency-Key (a key claimed and its answer stored in the
 * check-in's transaction), next to a bare Fastify route in the same run; and GET
 * /field/tags/{tag}, what a phone reads when a tag is tapped. Target: check-in p99 < 50 ms at
 * 200 req/s with a million entries.
 *
 * Data: `scripts/seed.ts` into its own database tagger_bench_field (BENCH_DB) next to TEST_DATABASE_URL
 * (or BENCH_DATABASE_URL), seeded once to BENCH_ENTRIES; later runs reuse it. The check-ins a
 * run makes are deleted at its end.
 * Run: npm run bench:check-in   (BENCH_ENTRIES=1000000, BENCH_RATE=200, BENCH_DURATION=10)
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { listen, measure, ms, printRuns } from './harness.ts';
import { openApp, rowsOf, signIn } from './work-entries-data.ts';

const RATE = Number(process.env.BENCH_RATE ?? 200);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const TARGET_P99_MS = 50;
const NOTE = 'bench check-in';

/**
 * Each request's own cost, apart from any queue: `count` requests one after another, their p50 and
 * p99. At a fixed rate a request waits behind the ones before it once the rate exceeds what the
 * machine serves, so this says whether a slow run is the route or the load.
 */
async function sequential(url: string, init: RequestInit, count: number, unique?: string) {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const headers = {
      ...(init.headers as Record<string, string>),
      ...(unique ? { 'idempotency-key': `${unique}-${i}` } : {}),
    };
    const t0 = performance.now();
    const res = await fetch(url, { ...init, headers });
    await res.arrayBuffer();
    if (res.status >= 300) throw new Error(`${url}: ${res.status}`);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { p50: times[Math.floor(count / 2)], p99: times[Math.ceil(count * 0.99) - 1] };
}

const app = await openApp('postgres', process.env.BENCH_DB ?? 'tagger_bench_field');
const baseline = Fastify({ logger: false });
baseline.get('/ping', async () => ({ ok: true }));
try {
  const [{ n }] = await app.database.query<{ n: number }>('select count(*)::int as n from work_entries');
  // An active assignment of an active task at an active position with a tag, no hard dependency on it.
  const [target] = rowsOf(
    await app.database.db.execute(
      sql.raw(`
      select p.id as position_id, p.nfc_tag_id, t.id as task_id
      from position_task_assignments a
      join positions p on p.id = a.position_id and p.is_active and p.nfc_tag_id is not null
      join tasks t on t.id = a.task_id and t.is_active
      where a.site_id = 'main' and a.is_active and not exists (
        select 1 from task_dependencies d where d.position_id = a.position_id and d.task_id = a.task_id
          and d.dependency_type in ('requires', 'blocks'))
      order by p.id, t.id limit 1`),
    ),
  ) as unknown as { position_id: number; nfc_tag_id: string; task_id: number }[];
  if (!target) throw new Error('the seeded site has no assignment to check in to');
  const baseUrl = await listen(baseline);
  const apiUrl = await listen(app);
  const token = await signIn(apiUrl);
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const body = JSON.stringify({
    nfc_tag_id: target.nfc_tag_id,
    task_id: target.task_id,
    latitude: 60.1871,
    longitude: 24.9776,
    notes: NOTE,
  });
  const checkIn = { url: apiUrl, path: '/api/v1/work-entries', method: 'POST' as const, headers, body };
  const fixed = { overallRate: RATE, connections: 20, duration: DURATION };
  const checkInRun = { name: 'POST /work-entries (check-in)', ...checkIn, ...fixed };
  console.log(
    `postgres: ${n.toLocaleString('en')} work entries; check-in at position ${target.position_id} ` +
      `(tag ${target.nfc_tag_id}), task ${target.task_id}; ${RATE} req/s for ${DURATION} s each`,
  );
  await measure({ name: 'warm-up', ...checkIn, ...fixed, duration: 3 });
  const alone = {
    ping: await sequential(`${baseUrl}/ping`, {}, 200),
    tag: await sequential(
      `${apiUrl}/api/v1/field/tags/${encodeURIComponent(target.nfc_tag_id)}`,
      { headers: { authorization: headers.authorization } },
      200,
    ),
    checkIn: await sequential(`${apiUrl}/api/v1/work-entries`, { method: 'POST', headers, body }, 200),
    keyed: await sequential(
      `${apiUrl}/api/v1/work-entries`,
      { method: 'POST', headers, body },
      200,
      randomUUID(),
    ),
  };
  for (const [name, r] of Object.entries(alone))
    console.log(`one at a time (200 requests), ${name}: p50 ${ms(r.p50)} ms, p99 ${ms(r.p99)} ms`);
  await app.database.db.execute(sql`delete from work_entries where notes = ${NOTE}`);
  const base = await measure({ name: 'baseline GET /ping', url: baseUrl, path: '/ping', ...fixed });
  const keyed = {
    name: 'POST /work-entries with Idempotency-Key',
    ...checkIn,
    ...fixed,
    uniqueHeader: { name: 'idempotency-key', prefix: randomUUID() },
  };
  const sealer = (app as unknown as { auditSealer?: { idle(): Promise<void> } }).auditSealer;
  /**
   * Before each check-in run: the run before it sealed into the audit chain after its answers
   * (plugins/audit-sealing.ts) and left 2,000 open entries at this position. Both are cleared
   * first, so each run starts from the same table with no background work left over; the two
   * kinds alternate, twice, so neither always runs second.
   */
  const fresh = async () => {
    await sealer?.idle();
    await app.database.db.execute(sql`delete from work_entries where notes = ${NOTE}`);
    await app.database.db.execute(sql`vacuum (analyze) work_entries`);
  };
  // The read first: every check-in below adds an open entry at this position, which it would then show.
  const runs = [
    await measure({
      name: 'GET /field/tags/{tag}',
      url: apiUrl,
      path: `/api/v1/field/tags/${encodeURIComponent(target.nfc_tag_id)}`,
      headers: { authorization: headers.authorization },
      ...fixed,
    }),
  ];
  for (let round = 1; round <= 2; round++) {
    for (const run of round === 1 ? [checkInRun, keyed] : [keyed, checkInRun]) {
      await fresh();
      runs.push(await measure({ ...run, name: `${run.name} (round ${round})` }));
    }
  }
  printRuns([base, ...runs], base);
  for (const r of runs.slice(1)) {
    const ok = r.p99 < TARGET_P99_MS && r.non2xx === 0 && r.errors === 0;
    console.log(
      `postgres ${r.name}: p99 ${ms(r.p99)} ms (target < ${TARGET_P99_MS}): ${ok ? 'PASS' : 'FAIL'}`,
    );
  }
} finally {
  // The run's check-ins (and the keys they claimed) go; the seeded table stays for the next run.
  await app.database.db.execute(sql`delete from work_entries where notes = ${NOTE}`);
  await app.database.db.execute(sql`delete from idempotency_keys`);
  await baseline.close();
  await app.close();
}
