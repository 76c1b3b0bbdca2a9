/**
 * The plans of chosen GET /work-entries requests on the seeded PostgreSQL database, read afresh
 * (the site's counters moved before each, as a write moves them, so nothing kept is served): each
 * statement the request sends, its EXPLAIN (ANALYZE, BUFFERS), and the request's wall time.
 *
 * Run: BENCH_PG_DATABASE=tagger_bench_we node bench/work-entries-combo-plan.ts 'sort=duration&order=desc&status=failed&search=moisture' …
 *      (a query string per argument; DEEP=1 also follows the first page's cursor REPEAT_DEEP times
 *      and explains that page; PLANS=0: times only)
 */
import pg from 'pg';
import { listen } from './harness.ts';
import { openApp, pgUrl, signIn } from './work-entries-data.ts';

interface Statement {
  text: string;
  values: unknown[];
}
let recording: Statement[] | undefined;
const pgQuery = pg.Pool.prototype.query;
pg.Pool.prototype.query = function (this: pg.Pool, text: unknown, values?: unknown, ...rest: unknown[]) {
  if (recording) {
    const t = typeof text === 'string' ? text : (text as { text: string }).text;
    const v = values ?? (typeof text === 'string' ? undefined : (text as { values?: unknown[] }).values);
    recording.push({ text: t, values: (v as unknown[]) ?? [] });
  }
  return (pgQuery as (...a: unknown[]) => unknown).call(this, text, values, ...rest);
} as typeof pgQuery;

const app = await openApp('postgres', process.env.BENCH_PG_DATABASE);
const apiUrl = await listen(app);
const token = await signIn(apiUrl);
const headers = { authorization: `Bearer ${token}` };
const plans = process.env.PLANS !== '0';
const direct = new pg.Pool({ connectionString: pgUrl(process.env.BENCH_PG_DATABASE), max: 1 });

async function bump() {
  await app.database.query(
    "update work_entry_site_totals set version = version + 1, reshaped = reshaped + 1 where site_id = 'main'",
  );
}

async function explain(list: Statement[]) {
  for (const s of list) {
    if (!/work_entries/.test(s.text) || /^\s*(update|insert|delete)/i.test(s.text)) continue;
    const { rows } = await direct.query<{ 'QUERY PLAN': string }>(
      `explain (analyze, buffers) ${s.text}`,
      s.values,
    );
    console.log(rows.map((r) => r['QUERY PLAN']).join('\n'));
  }
}

async function request(path: string) {
  await bump();
  recording = [];
  const t0 = performance.now();
  const res = await fetch(`${apiUrl}/api/v1/work-entries?limit=25&${path}`, { headers });
  const body = (await res.json()) as {
    next_cursor?: string | null;
    nextCursor?: string | null;
    total?: number;
  };
  const took = performance.now() - t0;
  const list = recording;
  recording = undefined;
  return { took, list, status: res.status, body };
}

for (const q of process.argv.slice(2)) {
  const first = await request(q);
  const again = await request(q);
  console.log(`\n=== ${q}: ${first.status}, ${first.took.toFixed(1)} ms then ${again.took.toFixed(1)} ms`);
  if (plans) await explain(again.list);
  const cursor = first.body.next_cursor ?? first.body.nextCursor;
  if (process.env.DEEP && cursor) {
    let c = cursor;
    for (let i = 0; i < Number(process.env.REPEAT_DEEP ?? 20); i++) {
      const r = await request(`${q}&cursor=${encodeURIComponent(c)}`);
      const next = r.body.next_cursor ?? r.body.nextCursor;
      if (!next) break;
      c = next;
    }
    const deep = await request(`${q}&cursor=${encodeURIComponent(c)}`);
    console.log(`--- deep page: ${deep.took.toFixed(1)} ms`);
    if (plans) await explain(deep.list);
  }
}
await direct.end();
await app.close();
