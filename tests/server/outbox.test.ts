/**
 * The outbox: a change the outside is told about writes its event in the change's
 * own transaction (a refused request writes none), under the kind webhooks name; the dispatcher
 * hands every event to every consumer exactly once, in id order, across concurrent dispatchers,
 * and a failing consumer leaves the batch for the next try.
 */
import { asc, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/src/app.ts';
import type { Db } from '../../server/src/db/client.ts';
import { outboxEvents } from '../../server/src/db/schema/index.ts';
import { dispatchOutbox, type OutboxConsumer, outboxWorker } from '../../server/src/jobs/outbox.ts';
import { outboxDraftOf } from '../../server/src/lib/outbox-kinds.ts';
import type { OutboxEventRow } from '../../server/src/repositories/outbox.ts';
import { DRIVERS, type TestApp } from './helpers.ts';
import { type Actor, signInAs } from './support/actors.ts';
import { buildEntriesApp, makePosition, makeTask } from './work-entries-support.ts';

describe('outbox kinds', () => {
  it('names the changes the outside is told about, and no other', () => {
    const kind = (action: string, changes?: Record<string, { old: unknown; new: unknown }>) =>
      outboxDraftOf({ action, entity: action.split('.')[0], id: 7, changes })?.kind ?? null;
    expect(kind('work_entry.create')).toBe('work_entry.created');
    expect(kind('work_entry.update', { status: { old: 'in_progress', new: 'completed' } })).toBe(
      'work_entry.completed',
    );
    expect(kind('work_entry.update', { status: { old: 'in_progress', new: 'failed' } })).toBe(
      'work_entry.failed',
    );
    expect(kind('work_entry.update', { status: { old: 'in_progress', new: 'paused' } })).toBeNull();
    expect(kind('work_entry.update', { notes: { old: null, new: 'x' } })).toBeNull();
    expect(kind('user.create')).toBe('user.created');
    expect(kind('user.deactivate')).toBe('user.deactivated');
    expect(kind('user.update', { is_active: { old: true, new: false } })).toBe('user.deactivated');
    expect(kind('user.update', { first_name: { old: 'a', new: 'b' } })).toBeNull();
    expect(kind('site_settings.update')).toBe('settings.changed');
    expect(kind('position.update')).toBeNull();
  });

  it('leaves secrets out of what it tells', () => {
    const draft = outboxDraftOf({
      action: 'user.create',
      entity: 'user',
      id: 3,
      changes: { email: { old: null, new: 'a@b.c' }, password_hash: 'changed' },
    });
    expect(draft?.data).toEqual({ id: 3, email: 'a@b.c' });
  });
});

describe.each(DRIVERS)('outbox (%s)', (driver) => {
  let t: TestApp;
  let worker: Actor;
  let admin: Actor;

  beforeAll(async () => {
    t = await buildEntriesApp(driver);
    worker = await signInAs(t, 'worker');
    admin = await signInAs(t, 'admin');
  });
  afterAll(async () => t?.close());
  beforeEach(async () => {
    await t.app.database.db.delete(outboxEvents);
  });

  const events = () => t.app.database.db.select().from(outboxEvents).orderBy(asc(outboxEvents.id));

  const checkIn = async () => {
    const position = await makePosition(t);
    const task = await makeTask(t, position.id);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/work-entries',
      headers: worker.headers,
      payload: { position_id: position.id, task_id: task.id },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().work_entry as { id: number; position_id: number };
  };

  it('a check-in and its completion write their events with the change; a refused change writes none', async () => {
    const entry = await checkIn();
    const done = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/work-entries/${entry.id}`,
      headers: worker.headers,
      payload: { status: 'completed' },
    });
    expect(done.statusCode, done.body).toBe(200);
    // Completed cannot go back to in progress: refused, nothing told.
    const refused = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/work-entries/${entry.id}`,
      headers: worker.headers,
      payload: { status: 'in_progress' },
    });
    expect(refused.statusCode).toBe(409);
    const rows = await events();
    expect(rows.map((r) => [r.kind, r.entityId, r.actorId, r.siteId])).toEqual([
      ['work_entry.created', String(entry.id), worker.id, 'main'],
      ['work_entry.completed', String(entry.id), worker.id, 'main'],
    ]);
    expect(rows[0].data).toMatchObject({
      id: entry.id,
      position_id: entry.position_id,
      status: 'in_progress',
    });
    expect(rows.every((r) => r.dispatchedAt === null)).toBe(true);
  });

  it('user created and deactivated, settings changed', async () => {
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users',
      headers: admin.headers,
      payload: {
        first_name: 'Out',
        last_name: 'Box',
        email: `outbox-${driver}@example.com`,
        password: 'Outbox123!',
        role: 'worker',
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().user.id as number;
    const off = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/users/${id}`,
      headers: admin.headers,
      payload: { is_active: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    const got = await t.app.inject({ method: 'GET', url: '/api/v1/site-settings', headers: admin.headers });
    const { settings, version } = got.json();
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/site-settings',
      headers: admin.headers,
      payload: { ...settings, siteName: 'Outbox site', version },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const rows = await events();
    expect(rows.map((r) => r.kind)).toEqual(['user.created', 'user.deactivated', 'settings.changed']);
    expect(JSON.stringify(rows[0].data)).not.toMatch(/password/i);
    expect(rows[2].data).toEqual({ changed: ['siteName'] });
  });

  it('hands every event to every consumer once, in order, across concurrent dispatchers', async () => {
    for (let i = 0; i < 12; i++) await checkIn();
    const seen: number[][] = [[], []];
    const consumers = (k: number): OutboxConsumer[] => [
      {
        name: `c${k}`,
        async fanOut(_tx: Db, batch: OutboxEventRow[]) {
          seen[k].push(...batch.map((e) => e.id));
        },
      },
    ];
    // Two dispatchers (as two processes) draining in batches of 5 at once; consumer lists differ
    // only by where they record, so together they must see each event exactly once.
    const drain = async (k: number) => {
      while ((await dispatchOutbox(t.app.database.db, consumers(k), 5)) > 0);
    };
    await Promise.all([drain(0), drain(1)]);
    const all = [...seen[0], ...seen[1]].sort((a, b) => a - b);
    const ids = (await events()).map((e) => e.id);
    expect(all).toEqual(ids);
    for (const s of seen) expect(s).toEqual([...s].sort((a, b) => a - b));
    expect(
      await t.app.database.db.select().from(outboxEvents).where(isNull(outboxEvents.dispatchedAt)),
    ).toEqual([]);
  });

  it('a failing consumer leaves the batch undispatched, and the next try hands it on', async () => {
    await checkIn();
    const failing: OutboxConsumer = {
      name: 'down',
      async fanOut() {
        throw new Error('receiver table unavailable');
      },
    };
    await expect(dispatchOutbox(t.app.database.db, [failing])).rejects.toThrow('unavailable');
    const [row] = await events();
    expect(row.dispatchedAt).toBeNull();
    const got: string[] = [];
    const ok: OutboxConsumer = {
      name: 'up',
      fanOut: async (_tx, batch) => void got.push(...batch.map((e) => e.kind)),
    };
    expect(await dispatchOutbox(t.app.database.db, [ok])).toBe(1);
    expect(got).toEqual(['work_entry.created']);
    const [after] = await t.app.database.db.select().from(outboxEvents).where(eq(outboxEvents.id, row.id));
    expect(after.dispatchedAt).not.toBeNull();
  });

  it('a running worker is woken by the request that wrote an event', async () => {
    const got: string[] = [];
    const consumer: OutboxConsumer = {
      name: 'w',
      fanOut: async (_tx, batch) => void got.push(...batch.map((e) => e.kind)),
    };
    const worker2 = outboxWorker([consumer]);
    // An idle wait far longer than the test: only the nudge can wake it in time.
    const slow = { ...worker2, idleMs: 60_000 };
    const app = await buildApp({
      config: t.app.config,
      database: t.app.database,
      logger: false,
      lazyCompile: true,
      workers: [slow],
    });
    await app.ready();
    const own = await signInAs({ ...t, app }, 'worker');
    try {
      const position = await makePosition(t);
      const task = await makeTask(t, position.id);
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/work-entries',
        headers: own.headers,
        payload: { position_id: position.id, task_id: task.id },
      });
      expect(res.statusCode, res.body).toBe(201);
      await expect.poll(() => got, { timeout: 5000 }).toContain('work_entry.created');
    } finally {
      await app.close();
    }
  });
});
