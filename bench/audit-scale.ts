/**
 * The audit log at scale on PostgreSQL: a filtered page of GET /audit-events among 10 million
 * events, and GET /audit-events/verify over one site's chain of a million. Goals: page p99 under
 * 100 ms, verify under 10 s. Beside them, the same run's bare GET /health as the baseline.
 *
 * The site `main` gets a real chain (each hash computed as the server computes it, events and
 * their seals inserted in batches; the append-only triggers allow inserts); the other events
 * belong to nine other sites (generated in SQL, their seals' hashes never read), so a page's index
 * range must skip past them.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/tagger_bench_audit_scale \
 *     node bench/audit-scale.ts [--events 10000000] [--chain 1000000] [--requests 200] [--keep]
 *
 * --keep reuses the database of an earlier run with the same figures (the fill takes minutes).
 */
import os from 'node:os';
import pg from 'pg';
import { buildApp } from '../server/src/app.ts';
import { loadConfig } from '../server/src/config.ts';
import { openDatabase } from '../server/src/db/client.ts';
import { eventHash } from '../server/src/lib/audit-record.ts';

const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/tagger_bench_audit_scale';
const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const EVENTS = arg('events', 10_000_000);
const CHAIN = arg('chain', 1_000_000);
const REQUESTS = arg('requests', 200);
const KEEP = process.argv.includes('--keep');
const SITE = 'main';
const ACTIONS = ['position.create', 'position.update', 'position.delete', 'user.update', 'task.update'];
const TYPES: Record<string, string> = {
  position: 'position',
  user: 'user',
  task: 'task',
};

const name = new URL(url).pathname.slice(1);
const admin = new pg.Client({ connectionString: new URL('/postgres', url).toString() });
await admin.connect();
const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
if (!KEEP || !exists) {
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
}
await admin.end();

const config = {
  ...loadConfig({}),
  adminEmail: 'admin@example.com',
  adminPassword: 'Bench-Pass-1',
  staticDir: '',
  logLevel: 'silent',
};
const database = await openDatabase({ url, poolSize: 10 });
const app = await buildApp({ config, database, logger: false });
const login = await app.inject({
  method: 'POST',
  url: '/api/v1/auth/login',
  payload: { email: config.adminEmail, password: config.adminPassword },
});
const auth = { authorization: `Bearer ${login.json().token}` };

const client = new pg.Client({ connectionString: url });
await client.connect();
const count = async (site?: string) =>
  Number(
    (
      await client.query(
        site ? 'select count(*) from audit_events where site_id = $1' : 'select count(*) from audit_events',
        site ? [site] : [],
      )
    ).rows[0].count,
  );

const t0 = performance.now();
if ((await count(SITE)) < CHAIN) {
  // The chain of `main`, continuing from what sign-in wrote: the head's hash, then batches of rows
  // whose hashes the server's own function computes, then the head moved to the last.
  await app.auditSealer.seal(SITE);
  const head = await client.query('select last_id, seq, hash from audit_chain_heads where site_id = $1', [
    SITE,
  ]);
  let prev: string = head.rows[0]?.hash ?? '';
  let seq = Number(head.rows[0]?.seq ?? 0);
  let lastId = 0;
  const start = Date.now() - 365 * 24 * 3600 * 1000;
  const BATCH = 5000;
  const have = await count(SITE);
  for (let done = have; done < CHAIN; done += BATCH) {
    const n = Math.min(BATCH, CHAIN - done);
    const cols: unknown[][] = Array.from({ length: 8 }, () => []);
    const chained: { seq: number; prev: string; hash: string }[] = [];
    for (let i = 0; i < n; i++) {
      const k = done + i;
      const action = ACTIONS[k % ACTIONS.length];
      const e = {
        at: new Date(start + Math.floor((k / CHAIN) * 364 * 24 * 3600 * 1000)),
        siteId: SITE,
        actorId: 1 + (k % 40),
        actorName: `Worker ${k % 40}`,
        action,
        entityType: TYPES[action.split('.')[0]],
        entityId: String(1 + (k % 5000)),
        changes: { description: { old: `note ${k - 1}`, new: `note ${k}` } },
        details: null,
        requestId: null,
        client: '127.0.0.1',
      };
      const hash = eventHash(prev, e);
      const values = [
        e.at.toISOString(),
        e.actorId,
        e.actorName,
        e.action,
        e.entityType,
        e.entityId,
        JSON.stringify(e.changes),
        e.client,
      ];
      values.forEach((v, c) => {
        cols[c].push(v);
      });
      chained.push({ seq: ++seq, prev, hash });
      prev = hash;
    }
    const res = await client.query(
      `insert into audit_events (at, site_id, actor_id, actor_name, action, entity_type, entity_id, changes, client)
       select a, $9, b, c, d, e, f, g::jsonb, h
       from unnest($1::timestamptz[], $2::int[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[])
         with ordinality as t(a, b, c, d, e, f, g, h, n)
       order by n
       returning id`,
      [...cols, SITE],
    );
    const ids = res.rows.map((r) => Number(r.id)).sort((a, b) => a - b);
    await client.query(
      `insert into audit_seals (site_id, seq, event_id, prev_hash, hash)
       select $5, s, e, p, h from unnest($1::bigint[], $2::bigint[], $3::text[], $4::text[]) as t(s, e, p, h)`,
      [chained.map((c) => c.seq), ids, chained.map((c) => c.prev), chained.map((c) => c.hash), SITE],
    );
    lastId = ids[ids.length - 1];
  }
  // Every event of the site is sealed up to the last.
  await client.query(
    'update audit_chain_heads set last_id = $2, hash = $3, seq = $4, floor_id = $2, mark_id = null where site_id = $1',
    [SITE, lastId, prev, seq],
  );
}
const others = EVENTS - (await count());
if (others > 0) {
  // Nine other sites' events, a million at a time; their chains are never read here.
  for (let left = others; left > 0; left -= 1_000_000) {
    await client.query(
      `insert into audit_events (at, site_id, actor_id, actor_name, action, entity_type, entity_id, client)
       select now() - (g % 31536000) * interval '1 second', 'site-' || (g % 9), 1 + g % 40, 'Worker', 'position.update',
              'position', (1 + g % 5000)::text, '127.0.0.1'
       from generate_series(1, $1::int) g`,
      [Math.min(left, 1_000_000)],
    );
  }
  // Their seals (places and hashes never checked here), so nothing is left to seal.
  await client.query(
    `insert into audit_seals (site_id, seq, event_id, prev_hash, hash)
     select site_id, row_number() over (partition by site_id order by id), id, '', md5(id::text)
     from audit_events e where site_id <> $1 and not exists (select 1 from audit_seals s where s.event_id = e.id)`,
    [SITE],
  );
  await client.query('analyze audit_events');
}
const fill = (performance.now() - t0) / 1000;
console.log(
  `events ${await count()} (site ${SITE}: ${await count(SITE)} chained)${fill > 1 ? `, filled in ${fill.toFixed(0)} s` : ''}`,
);

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
async function timed(path: string, headers: Record<string, string> = auth) {
  const times: number[] = [];
  // Ten untimed first (compiling the route's code and warming the plan cache).
  for (let i = 0; i < 10; i++) await app.inject({ method: 'GET', url: path, headers });
  for (let i = 0; i < REQUESTS; i++) {
    const start = performance.now();
    const res = await app.inject({ method: 'GET', url: path, headers });
    times.push(performance.now() - start);
    if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${res.body.slice(0, 200)}`);
  }
  return times;
}

// A deep cursor: an event about a third of the way from the newest.
const deep = (
  await client.query(
    'select id from audit_events where site_id = $1 order by at desc, id desc offset $2 limit 1',
    [SITE, Math.floor(CHAIN / 3)],
  )
).rows[0].id;
const day = new Date(Date.now() - 200 * 24 * 3600 * 1000).toISOString().slice(0, 10);
const cases: [string, string][] = [
  ['bare route GET /health (baseline)', '/api/v1/health'],
  ['first page, no filter', '/api/v1/audit-events'],
  ['entity_type=position', '/api/v1/audit-events?entity_type=position'],
  ["one record's history", '/api/v1/audit-events?entity_type=position&entity_id=1234'],
  ['actor_id=7', '/api/v1/audit-events?actor_id=7'],
  ['action=user.update', '/api/v1/audit-events?action=user.update'],
  ['one day 200 days ago', `/api/v1/audit-events?from=${day}&to=${day}`],
  ['deep cursor', `/api/v1/audit-events?cursor=${deep}`],
  ['deep cursor + entity_type', `/api/v1/audit-events?entity_type=position&cursor=${deep}`],
];
console.log(`${REQUESTS} requests each, one at a time (load average ${os.loadavg()[0].toFixed(1)}):`);
let worst = 0;
for (const [label, path] of cases) {
  const times = await timed(path);
  if (!label.startsWith('bare')) worst = Math.max(worst, pct(times, 99));
  console.log(
    `  ${label.padEnd(36)} p50 ${pct(times, 50).toFixed(2).padStart(7)} ms  p99 ${pct(times, 99).toFixed(2).padStart(7)} ms`,
  );
}
console.log(`slowest filtered page p99: ${worst.toFixed(1)} ms (goal < 100 ms)`);

const v0 = performance.now();
const verify = await app.inject({ method: 'GET', url: '/api/v1/audit-events/verify', headers: auth });
const seconds = (performance.now() - v0) / 1000;
console.log(`verify: ${verify.body.slice(0, 120)} in ${seconds.toFixed(1)} s (goal < 10 s)`);

await client.end();
await app.close();
await database.close();
