/**
 * Two instances, one product: two real server processes (node server/src/server.ts) on one fresh
 * PostgreSQL database and the shared Redis, behind a real HAProxy (Debian's package) that this
 * test configures and starts. The proxy balances round-robin; a test request may name the
 * instance with `X-Instance: a|b` (a `use-server` rule), and every answer says which served it.
 *
 * Shown: sign-in on one, refresh on the other (and the DB-kept signing key shared: no JWT_SECRET
 * is set); sign-out, deactivation and role change on one refused on the other at the next request;
 * login limits shared; the users, position-group and position lists and custom-role permissions
 * fresh across instances; request ids from the proxy on answers and JSON log lines; photos kept
 * in an S3 bucket (s3rver on loopback, each instance with a data folder of its own: nothing shared
 * on disk) uploaded through one and read and deleted through the other; and SIGKILL of one
 * instance under a stream of writes loses no acknowledged write while the other answers on; and
 * live events written through one instance reach an event stream on the other, a reconnection
 * with Last-Event-ID (to either) missing nothing.
 *
 * Needs TEST_DATABASE_URL, TEST_REDIS_URL and `haproxy` (CI installs it: .ci/run).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBucket, type TestBucket } from './support/s3.ts';
import { openEvents, type SseEvent } from './support/sse.ts';
import { PNG } from './work-entries-support.ts';

const dbUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const ready = Boolean(dbUrl && redisUrl);
if (!ready)
  console.warn(
    'scale-out.test.ts skipped: it needs TEST_DATABASE_URL and TEST_REDIS_URL (PostgreSQL and Redis)',
  );

const ADMIN = { email: 'admin@example.com', password: 'Admin123!' };
const PASSWORD = 'Person123!';
const ROOT = path.resolve(import.meta.dirname, '../..');

/** This run's keys apart from any other's in the shared Redis (ioredis reads keyPrefix from the URL). */
function redisWithPrefix(prefix: string): string {
  const u = new URL(redisUrl!);
  u.searchParams.set('keyPrefix', prefix);
  return u.toString();
}

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

interface Instance {
  name: 'a' | 'b';
  port: number;
  proc: ChildProcess;
  log: string[];
  exited: Promise<number | null>;
}

async function waitFor(what: string, check: () => Promise<boolean>, ms = 30_000) {
  const until = Date.now() + ms;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.skipIf(!ready)('two instances behind HAProxy (PostgreSQL + Redis)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'tagger-scale-'));
  const dbName = `tagger_scale_${randomBytes(5).toString('hex')}`;
  const instances: Partial<Record<'a' | 'b', Instance>> = {};
  let proxy: ChildProcess | undefined;
  let proxyLog = '';
  let proxyPort = 0;
  let databaseUrl = '';
  let base = '';
  let n = 0;
  let bucket: TestBucket | undefined;

  async function startInstance(name: 'a' | 'b', port: number): Promise<Instance> {
    const prefix = `scale-${dbName}:`;
    const proc = spawn(process.execPath, ['server/src/server.ts'], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: databaseUrl,
        REDIS_URL: redisWithPrefix(prefix),
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        STATIC_DIR: '',
        LOG_LEVEL: 'info',
        LOG_FORMAT: 'json',
        TRUST_PROXY: 'loopback',
        ARGON2_MEMORY_KIB: '1024',
        ARGON2_TIME_COST: '1',
        SHUTDOWN_DRAIN_SECONDS: '2',
        // Photos in the bucket; each instance's own folder holds nothing another needs.
        DATA_DIR: path.join(dir, `data-${name}`),
        ...bucket?.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const log: string[] = [];
    let partial = '';
    proc.stdout?.on('data', (chunk: Buffer) => {
      const lines = (partial + chunk.toString()).split('\n');
      partial = lines.pop() ?? '';
      log.push(...lines.filter(Boolean));
    });
    proc.stderr?.on('data', (chunk: Buffer) => log.push(`stderr: ${chunk}`));
    const exited = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));
    const instance = { name, port, proc, log, exited };
    const until = Date.now() + 90_000;
    for (;;) {
      if (proc.exitCode !== null) throw new Error(`instance ${name} exited:\n${log.join('\n')}`);
      const up = await fetch(`http://127.0.0.1:${port}/api/v1/health`)
        .then((r) => r.status === 200)
        .catch(() => false);
      if (up) break;
      if (Date.now() > until) throw new Error(`instance ${name} did not start:\n${log.join('\n')}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    return instance;
  }

  /** A request through the proxy; `on` pins it to one instance. */
  async function call(
    method: string,
    url: string,
    opts: { on?: 'a' | 'b'; token?: string; body?: unknown; cookie?: string } = {},
  ) {
    const headers: Record<string, string> = {};
    if (opts.on) headers['x-instance'] = opts.on;
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    if (opts.cookie) headers.cookie = opts.cookie;
    if (opts.body !== undefined || method === 'POST') {
      headers['content-type'] = 'application/json';
      headers.origin = base;
    }
    const res = await fetch(`${base}/api/v1${url}`, {
      method,
      headers,
      body: opts.body !== undefined ? JSON.stringify(opts.body) : method === 'POST' ? '{}' : undefined,
    });
    const text = await res.text();
    let json: Record<string, unknown> = {};
    try {
      json = JSON.parse(text);
    } catch {}
    const cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .find((c) => c.startsWith('tagger_refresh=') && c !== 'tagger_refresh=');
    return {
      status: res.status,
      json,
      text,
      cookie,
      servedBy: res.headers.get('x-served-by'),
      headers: res.headers,
    };
  }

  async function signIn(email: string, password: string, on?: 'a' | 'b') {
    const res = await call('POST', '/auth/login', { on, body: { email, password } });
    expect(res.status, res.text).toBe(200);
    return { token: res.json.token as string, cookie: res.cookie!, user: res.json.user as { id: number } };
  }

  let admin: { token: string };

  async function addUser(role = 'worker', extra: Record<string, unknown> = {}, on: 'a' | 'b' = 'a') {
    const email = `person-${++n}@example.com`;
    const res = await call('POST', '/users', {
      on,
      token: admin.token,
      body: { first_name: 'Per', last_name: `Son ${n}`, email, password: PASSWORD, role, ...extra },
    });
    expect(res.status, res.text).toBe(201);
    return { id: (res.json.user as { id: number }).id, email };
  }

  beforeAll(async () => {
    try {
      execFileSync('haproxy', ['-v'], { stdio: 'ignore' });
    } catch {
      throw new Error('haproxy is not installed: apt-get install -y haproxy (.ci/run does)');
    }
    const adminClient = new pg.Client({ connectionString: dbUrl });
    await adminClient.connect();
    await adminClient.query(`create database ${dbName}`);
    await adminClient.end();
    const u = new URL(dbUrl!);
    u.pathname = `/${dbName}`;
    databaseUrl = u.toString();

    bucket = await startTestBucket();
    const [pa, pb, pp] = [await freePort(), await freePort(), await freePort()];
    proxyPort = pp;
    base = `http://127.0.0.1:${proxyPort}`;
    // One at a time: the first migrates the fresh database and creates the admin and the signing key.
    instances.a = await startInstance('a', pa);
    instances.b = await startInstance('b', pb);

    const cfg = path.join(dir, 'haproxy.cfg');
    writeFileSync(
      cfg,
      `global
  maxconn 512
defaults
  mode http
  timeout connect 2s
  timeout client 30s
  timeout server 30s
  option forwardfor
  option redispatch 1
  retries 3
frontend web
  bind 127.0.0.1:${proxyPort}
  unique-id-format hx-%pid-%rt-%Ts
  http-request set-header X-Request-Id %[unique-id]
  http-response set-header X-Served-By %s
  default_backend app
backend app
  balance roundrobin
  option httpchk GET /api/v1/ready
  http-check expect status 200
  use-server a if { req.hdr(x-instance) -m str a }
  use-server b if { req.hdr(x-instance) -m str b }
  server a 127.0.0.1:${pa} check inter 300 fall 2 rise 2
  server b 127.0.0.1:${pb} check inter 300 fall 2 rise 2
`,
    );
    execFileSync('haproxy', ['-c', '-q', '-f', cfg]);
    proxy = spawn('haproxy', ['-db', '-f', cfg], { stdio: ['ignore', 'pipe', 'pipe'] });
    proxy.stderr?.on('data', (c: Buffer) => {
      proxyLog += c.toString();
    });
    await waitFor('the proxy and both instances up in it', async () => {
      const [x, y] = await Promise.all([
        call('GET', '/health', { on: 'a' }),
        call('GET', '/health', { on: 'b' }),
      ]);
      return x.status === 200 && y.status === 200 && x.servedBy === 'a' && y.servedBy === 'b';
    });
    admin = await signIn(ADMIN.email, ADMIN.password, 'a');
  }, 240_000);

  afterAll(async () => {
    proxy?.kill('SIGKILL');
    for (const i of Object.values(instances)) {
      if (i && i.proc.exitCode === null && i.proc.signalCode === null) {
        i.proc.kill('SIGTERM');
        await Promise.race([i.exited, new Promise((r) => setTimeout(r, 5000))]);
        if (i.proc.exitCode === null) i.proc.kill('SIGKILL');
      }
    }
    const redis = new Redis(redisUrl!);
    const keys = await redis.keys(`scale-${dbName}:*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
    if (databaseUrl) {
      const c = new pg.Client({ connectionString: dbUrl });
      await c.connect();
      await c.query(`drop database if exists ${dbName} with (force)`);
      await c.end();
    }
    await bucket?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('signs in through one instance and refreshes through the other', async () => {
    const who = await addUser('manager');
    const s = await signIn(who.email, PASSWORD, 'a');
    const me = await call('GET', '/auth/me', { on: 'b', token: s.token });
    expect(me.status, me.text).toBe(200);
    expect(me.servedBy).toBe('b');
    const refreshed = await call('POST', '/auth/refresh', { on: 'b', cookie: s.cookie });
    expect(refreshed.status, refreshed.text).toBe(200);
    expect(refreshed.servedBy).toBe('b');
    const again = await call('POST', '/auth/refresh', { on: 'a', cookie: refreshed.cookie! });
    expect(again.status, again.text).toBe(200);
    expect((await call('GET', '/auth/me', { on: 'a', token: again.json.token as string })).status).toBe(200);
  });

  it('refuses on the other instance, at the next request, a session ended on one', async () => {
    // Each session is first used on b, so b holds it in its live-session cache.
    const out = await addUser('manager');
    const signedOut = await signIn(out.email, PASSWORD, 'a');
    const deactivated = await addUser('manager');
    const deactivatedSession = await signIn(deactivated.email, PASSWORD, 'a');
    const demoted = await addUser('manager');
    const demotedSession = await signIn(demoted.email, PASSWORD, 'a');
    for (const s of [signedOut, deactivatedSession, demotedSession])
      expect((await call('GET', '/users', { on: 'b', token: s.token })).status).toBe(200);

    expect((await call('POST', '/auth/logout', { on: 'a', token: signedOut.token })).status).toBe(200);
    const off = await call('PUT', `/users/${deactivated.id}`, {
      on: 'a',
      token: admin.token,
      body: { is_active: false },
    });
    expect(off.status, off.text).toBe(200);
    const role = await call('PUT', `/users/${demoted.id}`, {
      on: 'a',
      token: admin.token,
      body: { role: 'worker' },
    });
    expect(role.status, role.text).toBe(200);

    for (const s of [signedOut, deactivatedSession, demotedSession]) {
      expect((await call('GET', '/users', { on: 'b', token: s.token })).status).toBe(401);
      expect((await call('POST', '/auth/refresh', { on: 'b', cookie: s.cookie })).status).toBe(401);
    }
  });

  it('shares the sign-in limits: failures on both instances add up', async () => {
    const who = await addUser('worker');
    const fail = (on: 'a' | 'b') =>
      call('POST', '/auth/login', { on, body: { email: who.email, password: 'wrong-password' } });
    // Five failures (the per-account-and-address limit), split 3 + 2: one process alone would allow more.
    for (const on of ['a', 'b', 'a', 'b', 'a'] as const) expect((await fail(on)).status).toBe(401);
    const locked = await fail('b');
    expect(locked.status, locked.text).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    // Even the right password waits now, on either instance.
    const right = await call('POST', '/auth/login', {
      on: 'a',
      body: { email: who.email, password: PASSWORD },
    });
    expect(right.status).toBe(429);
  });

  it('keeps every cached list fresh across instances', async () => {
    // Read each list on b first (filling b's caches), change on a, read on b again.
    const usersBefore = await call('GET', '/users', { on: 'b', token: admin.token });
    expect(usersBefore.status).toBe(200);
    const groupsBefore = await call('GET', '/position-groups', { on: 'b', token: admin.token });
    expect(groupsBefore.status).toBe(200);
    const positionsBefore = await call('GET', '/positions', { on: 'b', token: admin.token });
    expect(positionsBefore.status).toBe(200);

    const added = await addUser('worker', {}, 'a');
    const group = await call('POST', '/position-groups', {
      on: 'a',
      token: admin.token,
      body: { group_name: `Group ${++n}`, group_code: `G${n}` },
    });
    expect(group.status, group.text).toBe(201);
    const position = await call('POST', '/positions', {
      on: 'a',
      token: admin.token,
      body: { position_code: `P${++n}`, position_name: `Spot ${n}` },
    });
    expect(position.status, position.text).toBe(201);

    const users = await call('GET', '/users', { on: 'b', token: admin.token });
    expect((users.json.users as { id: number }[]).map((u) => u.id)).toContain(added.id);
    const groups = await call('GET', '/position-groups', { on: 'b', token: admin.token });
    expect((groups.json.position_groups as { group_code: string }[]).map((g) => g.group_code)).toContain(
      `G${n - 1}`,
    );
    const positions = await call('GET', '/positions', { on: 'b', token: admin.token });
    expect((positions.json.positions as { position_code: string }[]).map((p) => p.position_code)).toContain(
      `P${n}`,
    );

    // A change of the user itself (deactivated on a) shows on b's list at once too.
    expect(
      (
        await call('PUT', `/users/${added.id}`, {
          on: 'a',
          token: admin.token,
          body: { last_name: 'Renamed' },
        })
      ).status,
    ).toBe(200);
    const renamed = await call('GET', '/users', { on: 'b', token: admin.token });
    expect(
      (renamed.json.users as { id: number; last_name: string }[]).find((u) => u.id === added.id)?.last_name,
    ).toBe('Renamed');
  });

  it('applies a custom role change made on one instance at the next request on the other', async () => {
    const created = await call('POST', '/roles', {
      on: 'a',
      token: admin.token,
      body: { name: `Scale role ${++n}`, level: 1, permissions: ['positions.read', 'users.read'] },
    });
    expect(created.status, created.text).toBe(201);
    const roleId = (created.json.role as { id: number }).id;
    const holder = await addUser('worker', { custom_role_id: roleId });
    const s = await signIn(holder.email, PASSWORD, 'b');
    // b caches the site's roles with this holder's permissions.
    expect((await call('GET', '/users', { on: 'b', token: s.token })).status).toBe(200);
    expect((await call('GET', '/positions', { on: 'b', token: s.token })).status).toBe(200);

    const changed = await call('PUT', `/roles/${roleId}`, {
      on: 'a',
      token: admin.token,
      body: { permissions: ['positions.read'] },
    });
    expect(changed.status, changed.text).toBe(200);
    expect((await call('GET', '/users', { on: 'b', token: s.token })).status).toBe(403);
    expect((await call('GET', '/positions', { on: 'b', token: s.token })).status).toBe(200);
    const me = await call('GET', '/auth/me', { on: 'b', token: s.token });
    expect((me.json.user as { permissions: string[] }).permissions).toEqual(['positions.read']);

    // Taking the role away on a (the holder keeps the session: worker, no custom role) applies on b too.
    const back = await call('PUT', `/roles/${roleId}`, {
      on: 'a',
      token: admin.token,
      body: { permissions: ['positions.read', 'users.read'] },
    });
    expect(back.status).toBe(200);
    expect((await call('GET', '/users', { on: 'b', token: s.token })).status).toBe(200);
  });

  it('carries the proxy’s request id on answers, error bodies and JSON log lines', async () => {
    const res = await call('GET', '/users/999999', { on: 'b', token: admin.token });
    expect(res.status).toBe(404);
    const id = res.headers.get('x-request-id');
    expect(id).toMatch(/^hx-/);
    expect(res.json.requestId).toBe(id);
    // Its incoming-request and request-completed lines (pino writes them a moment later).
    const lines = () => instances.b!.log.filter((l) => l.includes(id!));
    await waitFor('the request’s log lines', async () => lines().length >= 2, 5000);
    for (const line of lines()) expect(JSON.parse(line).reqId).toBe(id);
  });

  it('keeps photos in the bucket: uploaded through one instance, read and deleted through the other', async () => {
    const c = new pg.Client({ connectionString: databaseUrl });
    await c.connect();
    const { rows } = await c.query<{ id: number }>(
      `with p as (insert into positions (site_id, position_code, position_name) values ('main', 'PHOTO-1', 'Photo bay') returning id)
       insert into work_entries (site_id, user_id, position_id)
       select 'main', u.id, p.id from p, users u where u.email = $1 returning id`,
      [ADMIN.email],
    );
    await c.end();
    const entryId = rows[0].id;
    const form = new FormData();
    form.append('photo', new Blob([PNG], { type: 'image/png' }), 'site.png');
    const up = await fetch(`${base}/api/v1/work-entries/${entryId}/photos`, {
      method: 'POST',
      headers: { 'x-instance': 'a', authorization: `Bearer ${admin.token}` },
      body: form,
    });
    expect(up.status, await up.clone().text()).toBe(201);
    expect(up.headers.get('x-served-by')).toBe('a');
    const { photo } = (await up.json()) as { photo: { url: string } };
    expect(await bucket!.keys(`main/${entryId}/`)).toHaveLength(1);
    const read = await fetch(`${base}${photo.url}`, { headers: { 'x-instance': 'b' } });
    expect(read.status).toBe(200);
    expect(read.headers.get('x-served-by')).toBe('b');
    expect(Buffer.from(await read.arrayBuffer()).equals(PNG)).toBe(true);
    const removed = await call('DELETE', `/work-entries/${entryId}`, { on: 'b', token: admin.token });
    expect(removed.status, removed.text).toBe(200);
    expect(await bucket!.keys(`main/${entryId}/`)).toEqual([]);
    const gone = await fetch(`${base}${photo.url}`, { headers: { 'x-instance': 'a' } });
    expect(gone.status).toBe(404);
  });

  it('carries live events from one instance to a stream on the other, and replays them after a reconnect', async () => {
    const manager = await addUser('manager');
    const m = await signIn(manager.email, PASSWORD, 'b');
    const worker = await addUser('worker');
    const w = await signIn(worker.email, PASSWORD, 'a');
    const position = await call('POST', '/positions', {
      on: 'a',
      token: admin.token,
      body: { position_code: 'LIVE-1', position_name: 'Live bay' },
    });
    expect(position.status, position.text).toBe(201);
    const task = await call('POST', '/tasks', {
      on: 'a',
      token: admin.token,
      body: {
        task_code: 'LIVE-T',
        task_name: 'Live task',
        category: 'installation',
        estimated_duration_minutes: 30,
      },
    });
    expect(task.status, task.text).toBe(201);
    const ids = {
      position_id: (position.json.position as { id: number }).id,
      task_id: (task.json.task as { id: number }).id,
    };
    expect(
      (await call('POST', '/position-task-assignments', { on: 'a', token: admin.token, body: ids })).status,
    ).toBe(201);

    const onB = await openEvents(base, m.token, { headers: { 'x-instance': 'b' } });
    const watcher = await openEvents(base, admin.token, { headers: { 'x-instance': 'a' } });
    try {
      expect(onB.headers.get('x-served-by')).toBe('b');
      await Promise.all([onB.next((e) => e.event === 'ready'), watcher.next((e) => e.event === 'ready')]);
      const made = await call('POST', '/work-entries', { on: 'a', token: w.token, body: ids });
      expect(made.status, made.text).toBe(201);
      const id = (made.json.work_entry as { id: number }).id;
      const isEntry = (e: SseEvent) => (e.data as { id?: number }).id === id;
      await onB.next((e) => e.event === 'work_entry.created' && isEntry(e));

      // The stream on b is cut; meanwhile two changes are made on a.
      const lastId = onB.lastId()!;
      onB.close();
      for (const status of ['paused', 'in_progress']) {
        const res = await call('PUT', `/work-entries/${id}`, { on: 'a', token: w.token, body: { status } });
        expect(res.status, res.text).toBe(200);
      }
      for (const status of ['paused', 'in_progress'])
        await watcher.next(
          (e) => e.event === 'work_entry.updated' && (e.data as { status?: string }).status === status,
        );
      // The client reconnects, here to the other instance, with Last-Event-ID: nothing is missed.
      const again = await openEvents(base, m.token, { lastEventId: lastId, headers: { 'x-instance': 'a' } });
      try {
        await again.next((e) => e.event === 'ready');
        const replayed = again.events.filter((e) => e.event === 'work_entry.updated' && isEntry(e));
        expect(replayed.map((e) => (e.data as { status: string }).status)).toEqual(['paused', 'in_progress']);
      } finally {
        again.close();
      }
    } finally {
      onB.close();
      watcher.close();
    }
  });

  it('loses no acknowledged write when one instance is killed under a stream of writes', async () => {
    const acked: string[] = [];
    const failures: { at: number; end: number; status: number }[] = [];
    let killedAt = 0;
    let stop = false;
    let seq = 0;
    const writer = async () => {
      while (!stop) {
        const code = `K${++seq}`;
        const started = Date.now();
        try {
          const res = await call('POST', '/positions', {
            token: admin.token,
            body: { position_code: code, position_name: `Kill ${seq}` },
          });
          if (res.status === 201) acked.push(code);
          else failures.push({ at: started, end: Date.now(), status: res.status });
        } catch {
          failures.push({ at: started, end: Date.now(), status: 0 });
        }
      }
    };
    const writers = Array.from({ length: 4 }, writer);
    await waitFor('writes before the kill', async () => acked.length >= 40, 20_000);
    killedAt = Date.now();
    instances.a!.proc.kill('SIGKILL');
    await instances.a!.exited;
    const ackedAtKill = acked.length;
    await waitFor(
      'writes after the kill',
      async () => acked.length >= ackedAtKill + 60 && Date.now() > killedAt + 4000,
      20_000,
    );
    stop = true;
    await Promise.all(writers);

    // Every acknowledged write is in the database.
    const c = new pg.Client({ connectionString: databaseUrl });
    await c.connect();
    const { rows } = await c.query<{ code: string }>(
      `select position_code as code from positions where position_code like 'K%'`,
    );
    await c.end();
    const stored = new Set(rows.map((r) => r.code));
    expect(acked.filter((code) => !stored.has(code))).toEqual([]);
    // Only requests in flight at the kill (or sent before the proxy saw it) may fail; from 3 s
    // after it, b answers everything.
    expect(failures.filter((f) => f.at > killedAt + 3000)).toEqual([]);
    expect(failures.filter((f) => f.end < killedAt)).toEqual([]);
    const health = await call('GET', '/health');
    expect(health.status).toBe(200);
    expect(health.servedBy).toBe('b');
    console.info(
      `kill test: ${acked.length} writes acknowledged (${ackedAtKill} before the kill), ${failures.length} failed around the kill${proxyLog ? `; proxy said: ${proxyLog.trim().slice(0, 300)}` : ''}`,
    );
  });
});
