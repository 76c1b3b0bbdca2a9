/**
 * One instance killed under load: two server processes (node server/src/server.ts) on
 * one fresh PostgreSQL database and Redis, behind a real HAProxy (round-robin, health-checked every
 * 300 ms), as in tests/server/scale-out.test.ts.
 * - BENCH_SUBSCRIBERS (200) event streams through the proxy, each a client that reconnects 100 ms
 *   after its stream ends, sending the Last-Event-ID it has (as the console does, src/api/events.ts);
 * - a worker checks in BENCH_RATE (10) times a second through the proxy for BENCH_SECONDS (12);
 * - at BENCH_KILL_AT seconds (4) instance a gets SIGKILL.
 * Printed: the streams that were on a, how long they took to have a stream on b again (from the
 * kill to its `ready`), the check-ins acknowledged (201) and refused while the proxy noticed, and
 * for every stream the acknowledged check-ins it never received (target: none), any `reset`, and
 * the delivery time of events before and after the kill.
 *
 * Needs BENCH_DATABASE_URL (or TEST_DATABASE_URL: a database is created and dropped in it),
 * BENCH_REDIS_URL (or TEST_REDIS_URL) and `haproxy`.
 * Run: node bench/events-failover.ts
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { percentile } from './harness.ts';

const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 200);
const RATE = Number(process.env.BENCH_RATE ?? 10);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 12);
const KILL_AT = Number(process.env.BENCH_KILL_AT ?? 4);
const dbUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const redisUrl = process.env.BENCH_REDIS_URL ?? process.env.TEST_REDIS_URL;
const ROOT = path.resolve(import.meta.dirname, '..');
const ADMIN = { email: 'admin@example.com', password: 'Admin123!' };
const WORKER = { email: 'failover-worker@example.com', password: 'Worker123!' };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const now = () => performance.timeOrigin + performance.now();

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

async function waitFor(what: string, check: () => Promise<boolean>, ms = 90_000) {
  const until = Date.now() + ms;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

/** One client's stream: reconnects with Last-Event-ID after each end, noting what arrived when. */
class Subscriber {
  lastId: string | undefined;
  received = new Map<number, number>();
  duplicates = 0;
  resets = 0;
  servedBy: string | null = null;
  /** Each connection's instance and when its `ready` came. */
  connections: { servedBy: string | null; readyAt: number }[] = [];
  private controller = new AbortController();
  private stopped = false;

  private base: string;
  private token: string;

  constructor(base: string, token: string) {
    this.base = base;
    this.token = token;
  }

  start() {
    void this.loop();
  }

  stop() {
    this.stopped = true;
    this.controller.abort();
  }

  private async loop() {
    while (!this.stopped) {
      try {
        await this.connect();
      } catch {
        // Ended by the kill, refused while the proxy noticed: reconnect.
      }
      if (!this.stopped) await sleep(100);
    }
  }

  private async connect() {
    this.controller = new AbortController();
    const headers: Record<string, string> = {
      authorization: `Bearer ${this.token}`,
      accept: 'text/event-stream',
    };
    if (this.lastId) headers['last-event-id'] = this.lastId;
    const res = await fetch(`${this.base}/api/v1/events`, { headers, signal: this.controller.signal });
    if (res.status !== 200 || !res.body) {
      await res.text().catch(() => {});
      return;
    }
    const servedBy = res.headers.get('x-served-by');
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += value;
      let at = buffer.indexOf('\n\n');
      while (at >= 0) {
        this.frame(buffer.slice(0, at), servedBy);
        buffer = buffer.slice(at + 2);
        at = buffer.indexOf('\n\n');
      }
    }
  }

  private frame(text: string, servedBy: string | null) {
    let id: string | undefined;
    let event = 'message';
    let data = '';
    for (const line of text.split('\n')) {
      if (line.startsWith('id:')) id = line.slice(3).trim();
      else if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('data:')) data += line.slice(5).trim();
    }
    if (id) this.lastId = id;
    if (event === 'ready') this.connections.push({ servedBy, readyAt: now() });
    if (event === 'reset') this.resets++;
    if (event === 'work_entry.created') {
      const entry = JSON.parse(data) as { id: number };
      if (this.received.has(entry.id)) this.duplicates++;
      else this.received.set(entry.id, now());
    }
  }
}

async function main() {
  if (!dbUrl || !redisUrl)
    throw new Error('BENCH_DATABASE_URL (or TEST_DATABASE_URL) and BENCH_REDIS_URL are needed');
  execFileSync('haproxy', ['-v'], { stdio: 'ignore' });
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tagger-failover-'));
  const dbName = `tagger_failover_${randomBytes(5).toString('hex')}`;
  const prefix = `failover-${dbName}:`;
  const admin = new pg.Client({ connectionString: dbUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  await admin.end();
  const u = new URL(dbUrl);
  u.pathname = `/${dbName}`;
  const databaseUrl = u.toString();
  const r = new URL(redisUrl);
  r.searchParams.set('keyPrefix', prefix);

  const procs: ChildProcess[] = [];
  const start = async (name: string, port: number) => {
    const proc = spawn(process.execPath, ['server/src/server.ts'], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: databaseUrl,
        REDIS_URL: r.toString(),
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        STATIC_DIR: '',
        LOG_LEVEL: 'warn',
        TRUST_PROXY: 'loopback',
        ARGON2_MEMORY_KIB: '1024',
        ARGON2_TIME_COST: '1',
        DATA_DIR: path.join(dir, `data-${name}`),
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    procs.push(proc);
    await waitFor(`instance ${name}`, async () => (await fetch(`http://127.0.0.1:${port}/api/v1/health`)).ok);
    return proc;
  };
  let proxy: ChildProcess | undefined;
  const subscribers: Subscriber[] = [];
  try {
    const [pa, pb, pp] = [await freePort(), await freePort(), await freePort()];
    const a = await start('a', pa);
    await start('b', pb);
    const cfg = path.join(dir, 'haproxy.cfg');
    writeFileSync(
      cfg,
      `global
  maxconn 4096
defaults
  mode http
  timeout connect 2s
  timeout client 30s
  timeout server 30s
  option redispatch 1
  retries 3
frontend web
  bind 127.0.0.1:${pp}
  http-response set-header X-Served-By %s
  default_backend app
backend app
  balance roundrobin
  option httpchk GET /api/v1/ready
  http-check expect status 200
  server a 127.0.0.1:${pa} check inter 300 fall 2 rise 2
  server b 127.0.0.1:${pb} check inter 300 fall 2 rise 2
`,
    );
    proxy = spawn('haproxy', ['-db', '-f', cfg], { stdio: 'ignore' });
    const base = `http://127.0.0.1:${pp}`;
    const call = async (method: string, url: string, token?: string, body?: unknown) => {
      const res = await fetch(`${base}/api/v1${url}`, {
        method,
        headers: {
          'content-type': 'application/json',
          origin: base,
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, json: (await res.json().catch(() => ({}))) as Record<string, never> };
    };
    await waitFor('the proxy', async () => (await call('GET', '/health')).status === 200);
    const adminToken = (await call('POST', '/auth/login', undefined, ADMIN)).json.token as string;
    const made = await call('POST', '/users', adminToken, {
      ...WORKER,
      first_name: 'Fail',
      last_name: 'Over',
      role: 'worker',
    });
    if (made.status !== 201) throw new Error(`worker: ${made.status}`);
    const workerToken = (await call('POST', '/auth/login', undefined, WORKER)).json.token as string;
    const position = await call('POST', '/positions', adminToken, {
      position_code: 'FO-1',
      position_name: 'Bay',
    });
    const task = await call('POST', '/tasks', adminToken, {
      task_code: 'FO-T',
      task_name: 'Failover task',
      estimated_duration_minutes: 5,
    });
    const positionId = (position.json.position as { id: number }).id;
    const taskId = (task.json.task as { id: number }).id;
    await call('POST', '/position-task-assignments', adminToken, {
      position_id: positionId,
      task_id: taskId,
    });

    for (let i = 0; i < SUBSCRIBERS; i++) subscribers.push(new Subscriber(base, adminToken));
    for (const s of subscribers) s.start();
    await waitFor(
      'every stream ready',
      async () => subscribers.every((s) => s.connections.length > 0),
      60_000,
    );

    const acknowledged = new Map<number, number>();
    let refused = 0;
    const writes: Promise<void>[] = [];
    const began = now();
    let killedAt = 0;
    const onA = subscribers.filter((s) => s.connections.at(-1)?.servedBy === 'a');
    for (let tick = 0; tick < SECONDS * RATE; tick++) {
      const due = began + (tick * 1000) / RATE;
      const wait = due - now();
      if (wait > 0) await sleep(wait);
      if (!killedAt && now() - began >= KILL_AT * 1000) {
        a.kill('SIGKILL');
        killedAt = now();
      }
      const sentAt = now();
      writes.push(
        call('POST', '/work-entries', workerToken, { position_id: positionId, task_id: taskId })
          .then((res) => {
            if (res.status === 201) acknowledged.set((res.json.work_entry as { id: number }).id, sentAt);
            else refused++;
          })
          .catch(() => {
            refused++;
          }),
      );
    }
    await Promise.all(writes);
    await sleep(3000);
    for (const s of subscribers) s.stop();

    const gaps = onA
      .map((s) => s.connections.find((c) => c.readyAt > killedAt))
      .map((c) => (c ? c.readyAt - killedAt : Number.POSITIVE_INFINITY))
      .sort((x, y) => x - y);
    let missed = 0;
    let missingStreams = 0;
    const before: number[] = [];
    const after: number[] = [];
    for (const s of subscribers) {
      let own = 0;
      for (const [id, sentAt] of acknowledged) {
        const at = s.received.get(id);
        if (at === undefined) {
          own++;
          continue;
        }
        (sentAt < killedAt ? before : after).push(at - sentAt);
      }
      missed += own;
      if (own > 0) missingStreams++;
    }
    before.sort((x, y) => x - y);
    after.sort((x, y) => x - y);
    const f = (n: number) => (Number.isFinite(n) ? `${Math.round(n)} ms` : 'never');
    const load = os.loadavg().map((l) => l.toFixed(1));
    console.log(
      `\nEvent streams through HAProxy, instance a killed at ${KILL_AT} s (load average ${load.join(', ')})`,
    );
    console.log(
      `streams: ${SUBSCRIBERS}; on a when it was killed: ${onA.length}; on b: ${SUBSCRIBERS - onA.length}`,
    );
    console.log(
      `back on b after the kill (kill → ready): p50 ${f(percentile(gaps, 50))}, p95 ${f(percentile(gaps, 95))}, max ${f(gaps.at(-1) ?? Number.NaN)}`,
    );
    console.log(`check-ins: ${acknowledged.size} acknowledged, ${refused} refused while the proxy noticed`);
    console.log(
      `acknowledged check-ins a stream never received: ${missed} (in ${missingStreams} of ${SUBSCRIBERS} streams); resets: ${subscribers.reduce((n, s) => n + s.resets, 0)}; duplicates: ${subscribers.reduce((n, s) => n + s.duplicates, 0)}`,
    );
    console.log(
      `delivery (sent → received): before the kill p50 ${f(percentile(before, 50))}, p95 ${f(percentile(before, 95))}; after p50 ${f(percentile(after, 50))}, p95 ${f(percentile(after, 95))}, max ${f(after.at(-1) ?? Number.NaN)}`,
    );
  } finally {
    for (const s of subscribers) s.stop();
    proxy?.kill('SIGKILL');
    for (const p of procs) if (p.exitCode === null && p.signalCode === null) p.kill('SIGKILL');
    await sleep(500);
    const redis = new Redis(redisUrl);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
    const c = new pg.Client({ connectionString: dbUrl });
    await c.connect();
    await c.query(`drop database if exists ${dbName} with (force)`);
    await c.end();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
