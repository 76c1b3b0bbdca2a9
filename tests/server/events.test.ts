/**
 * GET /api/v1/events, Server-Sent Events, on a real listening server (PGlite and PostgreSQL, the
 * in-memory bus and Redis): who receives what (a worker their own entries, a manager the site's,
 * another site nothing), nothing for a refused change, Last-Event-ID replay and reset, the
 * stream's headers, and its end when the session ends. Two processes sharing Redis: see
 * scale-out.test.ts.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sites } from '../../server/src/db/schema/index.ts';
import { createMemoryLiveBus, RETENTION_COUNT, RETENTION_MS } from '../../server/src/infra/live-events.ts';
import { createRedisLiveBus } from '../../server/src/infra/redis-live-events.ts';
import { DRIVERS, type TestApp } from './helpers.ts';
import { dropRedisPrefix, REDIS, STORES } from './security-support.ts';
import { type Actor, signInAs } from './support/actors.ts';
import { openEvents, type SseEvent, type SseReader } from './support/sse.ts';
import { buildEntriesApp, makePosition, makeTask } from './work-entries-support.ts';

describe('the in-memory buffer', () => {
  it('replays what is kept, and resets for an id older than 10 minutes, past 10,000 events, or unknown', async () => {
    let clock = 1_000_000;
    const bus = createMemoryLiveBus(() => clock);
    const event = (id: number) => ({ type: 'work_entry.created' as const, data: { id, user_id: 1 } });
    await bus.publish('main', event(1));
    const start = await bus.latest('main');
    await bus.publish('main', event(2));
    await bus.publish('other', event(3));
    expect(await bus.since('main', start)).toEqual([expect.objectContaining({ event: event(2) })]);
    expect(await bus.since('main', 'not-an-id')).toBe('reset');
    expect(await bus.since('main', '00000000-1')).toBe('reset');
    clock += RETENTION_MS + 1;
    await bus.publish('main', event(4));
    expect(await bus.since('main', start)).toBe('reset');
    const recent = await bus.latest('main');
    for (let i = 0; i <= RETENTION_COUNT; i++) await bus.publish('main', event(5));
    expect(await bus.since('main', recent)).toBe('reset');
    expect(await bus.since('main', await bus.latest('main'))).toEqual([]);
  });
});

const silentLog = { warn() {}, info() {}, error() {} } as unknown as FastifyBaseLogger;

describe('the Redis buffer', () => {
  const prefix = `tagger-test-${randomBytes(6).toString('hex')}:`;
  afterAll(async () => dropRedisPrefix(prefix));

  it('drops events older than 10 minutes, and resets a client whose next event was dropped', async () => {
    const redis = new Redis(`${REDIS}/?keyPrefix=${prefix}`);
    const bus = await createRedisLiveBus(redis, silentLog);
    try {
      const [seconds] = await redis.time();
      const old = (Number(seconds) - 11 * 60) * 1000;
      // Two events written 11 minutes ago (ids are times), then one now.
      await redis.xadd('tagger:events:main', `${old}-0`, 'e', '{}');
      await redis.xadd('tagger:events:main', `${old}-1`, 'e', '{}');
      await bus.publish('main', { type: 'changed', data: { resource: 'users' } });
      const kept = await redis.xrange('tagger:events:main', '-', '+');
      expect(kept.map(([id]) => id).filter((id) => id.startsWith(String(old)))).toEqual([]);
      expect(await bus.since('main', `${old}-0`)).toBe('reset');
      expect(await redis.pttl('tagger:events:main')).toBeGreaterThan(9 * 60 * 1000);
      const latest = await bus.latest('main');
      await bus.publish('main', { type: 'changed', data: { resource: 'positions' } });
      expect(await bus.since('main', latest)).toEqual([
        expect.objectContaining({ event: { type: 'changed', data: { resource: 'positions' } } }),
      ]);
    } finally {
      await bus.close();
      redis.disconnect();
    }
  });
});

describe.each(DRIVERS.flatMap((driver) => STORES.map((store) => [driver, store] as const)))(
  'live events (%s, %s bus)',
  (driver, store) => {
    const prefix = `tagger-test-${randomBytes(6).toString('hex')}:`;
    let t: TestApp;
    let base: string;
    let manager: Actor;
    let worker: Actor;
    let otherWorker: Actor;
    let admin: Actor;
    let stranger: Actor;
    let positionId: number;
    let taskId: number;
    const open: SseReader[] = [];

    const stream = async (who: Actor | null, options: Parameters<typeof openEvents>[2] = {}) => {
      const reader = await openEvents(base, who?.token ?? null, options);
      open.push(reader);
      return reader;
    };
    const ready = async (who: Actor, options: Parameters<typeof openEvents>[2] = {}) => {
      const reader = await stream(who, options);
      expect(reader.status).toBe(200);
      await reader.next((e) => e.event === 'ready');
      return reader;
    };
    const checkIn = async (who: Actor) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/work-entries',
        headers: who.headers,
        payload: { position_id: positionId, task_id: taskId },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().work_entry.id as number;
    };
    const setStatus = (who: Actor, id: number, status: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/v1/work-entries/${id}`,
        headers: who.headers,
        payload: { status },
      });
    const about = (type: string, id: number) => (e: SseEvent) =>
      e.event === type && (e.data as { id?: number }).id === id;

    beforeAll(async () => {
      t = await buildEntriesApp(driver, {
        eventsHeartbeatSeconds: 1,
        ...(store === 'redis' ? { redisUrl: `${REDIS}/?keyPrefix=${prefix}` } : {}),
      });
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as { port: number };
      base = `http://127.0.0.1:${port}`;
      await t.app.database.db.insert(sites).values({ id: 'other', name: 'Other site' });
      [manager, worker, otherWorker, admin, stranger] = [
        await signInAs(t, 'manager'),
        await signInAs(t, 'worker'),
        await signInAs(t, 'worker'),
        await signInAs(t, 'admin'),
        await signInAs(t, 'admin', 'other'),
      ];
      const position = await makePosition(t);
      positionId = position.id;
      taskId = (await makeTask(t, position.id)).id;
    });
    afterAll(async () => {
      for (const r of open) r.close();
      await t?.close();
      if (store === 'redis') await dropRedisPrefix(prefix);
    });

    it('needs a valid bearer token (401) and Accept: text/event-stream (406)', async () => {
      expect((await stream(null)).status).toBe(401);
      expect((await stream({ ...manager, token: 'forged' })).status).toBe(401);
      const res = await t.app.inject({ url: '/api/v1/events', headers: manager.headers });
      expect(res.statusCode).toBe(406);
      expect(res.json()).toMatchObject({ statusCode: 406, code: 'NOT_ACCEPTABLE' });
    });

    it('streams with the headers a proxy must not buffer or compress, and starts with ready', async () => {
      const r = await ready(manager, { headers: { 'accept-encoding': 'gzip, br' } });
      expect(r.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      expect(r.headers.get('cache-control')).toContain('no-cache');
      expect(r.headers.get('x-accel-buffering')).toBe('no');
      expect(r.headers.get('content-encoding')).toBeNull();
      expect(r.events[0]).toMatchObject({ event: 'ready', id: expect.any(String) });
    });

    it('sends a worker only their own entries, a manager every entry of the site, another site nothing', async () => {
      const [m, w, other, far] = await Promise.all([
        ready(manager),
        ready(worker),
        ready(otherWorker),
        ready(stranger),
      ]);
      const id = await checkIn(worker);
      const created = await m.next(about('work_entry.created', id));
      expect(created.data).toEqual({ id, user_id: worker.id, status: 'in_progress' });
      expect(created.id).toEqual(expect.any(String));
      await w.next(about('work_entry.created', id));

      expect((await setStatus(manager, id, 'paused')).statusCode).toBe(200);
      expect((await w.next(about('work_entry.updated', id))).data).toMatchObject({ status: 'paused' });
      await m.next(about('work_entry.updated', id));

      const theirs = await checkIn(otherWorker);
      await m.next(about('work_entry.created', theirs));
      await other.next(about('work_entry.created', theirs));
      expect((await far.settle(300)).filter((e) => e.event !== 'ready')).toEqual([]);
      expect(w.events.some((e) => (e.data as { id?: number }).id === theirs)).toBe(false);
      expect(other.events.some((e) => (e.data as { id?: number }).id === id)).toBe(false);
    });

    it('announces nothing for a refused change, and list changes to those who read the list', async () => {
      const [m, w] = await Promise.all([ready(manager), ready(worker)]);
      const id = await checkIn(worker);
      await m.next(about('work_entry.created', id));
      // in_progress → in_progress is no transition: 409, nothing committed.
      expect((await setStatus(worker, id, 'in_progress')).statusCode).toBe(409);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/users',
        headers: admin.headers,
        payload: {
          first_name: 'New',
          last_name: 'Person',
          email: `new-${randomBytes(4).toString('hex')}@example.com`,
          password: 'Person123!',
          role: 'worker',
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      await m.next((e) => e.event === 'changed' && (e.data as { resource: string }).resource === 'users');
      expect(
        m.events.filter((e) => e.event === 'work_entry.updated' && (e.data as { id: number }).id === id),
      ).toEqual([]);
      expect((await w.settle(200)).some((e) => e.event === 'changed')).toBe(false);
    });

    it('announces nothing for a dry run (rolled back), and the real run once', async () => {
      const m = await ready(manager);
      const position = await makePosition(t);
      const task = await makeTask(t);
      const bulk = (dryRun: boolean) =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/position-task-assignments/bulk-assign',
          headers: admin.headers,
          payload: { assignments: [{ position_id: position.id, task_id: task.id }], dry_run: dryRun },
        });
      const preview = await bulk(true);
      expect(preview.statusCode, preview.body).toBe(200);
      expect(preview.json()).toMatchObject({ dry_run: true, created: 1 });
      const tasksChanged = (e: SseEvent) =>
        e.event === 'changed' && (e.data as { resource: string }).resource === 'tasks';
      expect((await m.settle(300)).some(tasksChanged)).toBe(false);
      const run = await bulk(false);
      expect(run.statusCode, run.body).toBe(200);
      await m.next(tasksChanged);
    });

    it('replays what was missed after Last-Event-ID, and resets for an unknown or too old id', async () => {
      const [first, watcher] = await Promise.all([ready(manager), ready(admin)]);
      const id = await checkIn(worker);
      await first.next(about('work_entry.created', id));
      const lastId = first.lastId()!;
      first.close();
      expect((await setStatus(worker, id, 'paused')).statusCode).toBe(200);
      expect((await setStatus(worker, id, 'in_progress')).statusCode).toBe(200);
      // Published once each answer has gone: seen by a stream that stayed open.
      for (const status of ['paused', 'in_progress'])
        await watcher.next(
          (e) => e.event === 'work_entry.updated' && (e.data as { status?: string }).status === status,
        );
      const again = await stream(manager, { lastEventId: lastId });
      await again.next((e) => e.event === 'ready');
      const missed = again.events.filter((e) => e.event === 'work_entry.updated');
      expect(missed.map((e) => (e.data as { status: string }).status)).toEqual(['paused', 'in_progress']);
      // Replayed before `ready`, whose id is the last of them.
      expect(again.events.at(-1)).toMatchObject({ event: 'ready', id: missed[1].id });

      // The worker's replay holds only their own entry's events too.
      const otherEntry = await checkIn(otherWorker);
      await again.next(about('work_entry.created', otherEntry));
      await watcher.next(about('work_entry.created', otherEntry));
      const w = await stream(worker, { lastEventId: lastId });
      await w.next((e) => e.event === 'ready');
      expect(w.events.map((e) => e.event)).toEqual(['work_entry.updated', 'work_entry.updated', 'ready']);

      for (const stale of ['nonsense', store === 'redis' ? '1-0' : '00000000-1']) {
        const r = await stream(manager, { lastEventId: stale });
        await r.next((e) => e.event === 'ready');
        expect(r.events.map((e) => e.event)).toEqual(['reset', 'ready']);
      }
    });

    it('keeps the stream alive with a comment, and ends it when the session ends', async () => {
      const who = await signInAs(t, 'manager');
      const r = await ready(who);
      const signedOut = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/logout',
        headers: who.headers,
      });
      expect(signedOut.statusCode).toBeLessThan(300);
      await Promise.race([
        r.ended,
        new Promise((_, reject) => setTimeout(() => reject(new Error('the stream did not end')), 4000)),
      ]);
      expect(r.comments).toBeGreaterThanOrEqual(1);
      expect(t.app.services.live.size()).toBeGreaterThanOrEqual(0);
    });
  },
);
