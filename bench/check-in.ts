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
 *
 * Each check-in run prints beside its figures what else happened meanwhile (watch): the server
 * process's event-loop delay and GC pauses, the pool's queue, the WAL written, checkpoints, the
 * load average, the entries it made (a keyed run that only replayed stored answers would make
 * none) and each second's slowest answer (a stall at the start, or spread over the run).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { listen, measure, ms, printRuns } from './harness.ts';
import { walState, watch } from './process-watch.ts';
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

/**
 * The run's own entries, all at the target's position: through the position's index (a few
 * thousand rows), not a scan of the million, which under load took longer than the pool's 10 s
 * query timeout and read the whole table between runs.
 */
let position: number | undefined;
const mine = () =>
  position === undefined
    ? sql`delete from work_entries where notes = ${NOTE}`
    : sql`delete from work_entries where position_id = ${position} and notes = ${NOTE}`;

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
  position = target.position_id;
  const baseUrl = await listen(baseline);
  const apiUrl = await listen(app);
  // Retried: on a loaded machine the pool's first connections can miss their 3 s timeout (a 503).
  const token = await signIn(apiUrl)
    .catch(() => signIn(apiUrl))
    .catch(() => signIn(apiUrl));
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
  await app.database.db.execute(mine());
  const base = await measure({ name: 'baseline GET /ping', url: baseUrl, path: '/ping', ...fixed });
  const keyed = { name: 'POST /work-entries with Idempotency-Key', ...checkIn, ...fixed };
  /**
   * Each keyed run sends keys of its own: with one prefix for both, the second keyed run resent the
   * first's keys, and every request was a replay of a stored answer (no entry written: a tenth of
   * the WAL of a check-in run), which made that run look fast.
   */
  const withKeys = (run: typeof keyed) =>
    run === keyed ? { ...run, uniqueHeader: { name: 'idempotency-key', prefix: randomUUID() } } : run;
  const sealer = (app as unknown as { auditSealer?: { idle(): Promise<void> } }).auditSealer;
  /**
   * Before each check-in run: the run before it sealed into the audit chain after its answers
   * (plugins/audit-sealing.ts) and left 2,000 open entries at this position. Both are cleared
   * first, so each run starts from the same table with no background work left over; the two
   * kinds alternate, twice, so neither always runs second.
   */
  /**
   * Before each check-in run, the same starting state: the run before sealed into the audit chain
   * after its answers (plugins/audit-sealing.ts) and left 2,000 open entries at this position; both
   * are cleared, the table vacuumed, then a CHECKPOINT (so no timed checkpoint, and the flush of
   * what the delete and vacuum dirtied, falls inside the run: the next one is checkpoint_timeout
   * away), no autovacuum of the database still at work, and a full GC of this process (the server's
   * heap starts each run alike; a major GC inside a run still counts). The two kinds alternate,
   * twice, so neither always runs second.
   */
  const fresh = async () => {
    const t0 = performance.now();
    const w0 = await walState(app.database);
    await sealer?.idle();
    const t1 = performance.now();
    await app.database.db.execute(mine());
    const t2 = performance.now();
    await app.database.db.execute(sql`vacuum (analyze) work_entries`);
    const t3 = performance.now();
    const w1 = await walState(app.database);
    await app.database.query('checkpoint').catch((err) => console.warn(`no CHECKPOINT: ${err.message}`));
    for (let i = 0; i < 300; i++) {
      const busy = await app.database.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity
         where backend_type = 'autovacuum worker' and datname = current_database()`,
      );
      if (busy[0].n === 0) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const t4 = performance.now();
    (globalThis as { gc?: () => void }).gc?.();
    console.log(
      `  before the run: sealer idle ${ms(t1 - t0)} ms, delete ${ms(t2 - t1)} ms, vacuum ${ms(t3 - t2)} ms ` +
        `(WAL ${((w1.wal - w0.wal) / 2 ** 20).toFixed(1)} MB, checkpoints ${w1.checkpoints - w0.checkpoints}), ` +
        `checkpoint and autovacuum wait ${ms(t4 - t3)} ms`,
    );
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
      const stop = await watch(app.database);
      const r = await measure({ ...withKeys(run), name: `${run.name} (round ${round})`, timeline: true });
      runs.push(r);
      const [{ made }] = await app.database.query<{ made: number }>(
        `select count(*)::int as made from work_entries where notes = '${NOTE}'`,
      );
      console.log(
        `${r.name}: p50 ${ms(r.p50)} ms, p99 ${ms(r.p99)} ms; ${made} entries made; ${await stop()}`,
      );
      console.log(`  slowest answer per second: ${(r.bySecond ?? []).map((v) => v.toFixed(0)).join(' ')} ms`);
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
  await app.database.db.execute(mine());
  await app.database.db.execute(sql`delete from idempotency_keys`);
  await baseline.close();
  await app.close();
}
