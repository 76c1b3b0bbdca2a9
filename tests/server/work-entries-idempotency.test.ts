/**
 * Idempotency-Key on the worker's actions (check-in, status or notes change, photo upload): a
 * resend answers the first answer and changes nothing, another request under the same key is a
 * 422, a refused action keeps no key, keys are per user and expire; 20 concurrent copies of a
 * check-in make one entry. And the conflict codes a phone's outbox tells apart.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  idempotencyKeys,
  taskDependencies,
  workEntries,
  workEntryPhotos,
} from '../../server/src/db/schema/index.ts';
import { DRIVERS, type TestApp } from './helpers.ts';
import { type Actor, signInAs } from './support/actors.ts';
import {
  buildEntriesApp,
  insertEntry,
  JPEG,
  makePosition,
  makeTask,
  multipart,
  PNG,
} from './work-entries-support.ts';

describe.each(DRIVERS)('idempotent work entry actions (%s)', (driver) => {
  let t: TestApp;
  let worker: Actor;
  let otherWorker: Actor;

  beforeAll(async () => {
    t = await buildEntriesApp(driver);
    worker = await signInAs(t, 'worker');
    otherWorker = await signInAs(t, 'worker');
  });
  afterAll(async () => t?.close());

  const keyed = (who: Actor, key?: string) => ({
    ...who.headers,
    ...(key ? { 'idempotency-key': key } : {}),
  });
  const checkIn = (payload: Record<string, unknown>, key?: string, who: Actor = worker) =>
    t.app.inject({ method: 'POST', url: '/api/v1/work-entries', headers: keyed(who, key), payload });
  const put = (id: number, payload: Record<string, unknown>, key?: string, who: Actor = worker) =>
    t.app.inject({ method: 'PUT', url: `/api/v1/work-entries/${id}`, headers: keyed(who, key), payload });
  const upload = (id: number, body: ReturnType<typeof multipart>, key?: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/work-entries/${id}/photos`,
      headers: { ...keyed(worker, key), ...body.headers },
      payload: body.payload,
    });
  const entriesOf = async (taskId: number) =>
    (await t.app.database.db.select().from(workEntries).where(eq(workEntries.taskId, taskId))).length;
  const place = async () => {
    const position = await makePosition(t);
    const task = await makeTask(t, position.id);
    return { position, task, body: { position_id: position.id, task_id: task.id } };
  };

  it('answers a resent check-in with the first answer, marked replayed, and makes one entry', async () => {
    const { task, body } = await place();
    const key = randomUUID();
    const first = await checkIn(body, key);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    // The same body with its keys in another order is the same request.
    const again = await checkIn({ task_id: body.task_id, position_id: body.position_id }, key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await entriesOf(task.id)).toBe(1);
    // Without a key, every request is its own.
    expect((await checkIn(body)).statusCode).toBe(201);
    expect(await entriesOf(task.id)).toBe(2);
  });

  it('refuses the same key with another request (422), and keeps keys per user', async () => {
    const a = await place();
    const b = await place();
    const key = randomUUID();
    expect((await checkIn(a.body, key)).statusCode).toBe(201);
    const reused = await checkIn(b.body, key);
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toMatchObject({
      code: 'IDEMPOTENCY_KEY_REUSED',
      details: [{ field: 'idempotency-key', rule: 'reused' }],
    });
    expect(await entriesOf(b.task.id)).toBe(0);
    // The same key from another worker is that worker's own.
    const other = await checkIn(b.body, key, otherWorker);
    expect(other.statusCode).toBe(201);
    expect(other.headers['idempotent-replayed']).toBeUndefined();
    expect(other.json().work_entry.user_id).toBe(otherWorker.id);
  });

  it('keeps no key for a refused action: the resend is judged on the state it finds', async () => {
    const position = await makePosition(t);
    const first = await makeTask(t, position.id);
    const second = await makeTask(t, position.id);
    await t.app.database.db
      .insert(taskDependencies)
      .values({ siteId: 'main', positionId: position.id, taskId: second.id, dependsOnTaskId: first.id });
    const key = randomUUID();
    const body = { position_id: position.id, task_id: second.id };
    expect((await checkIn(body, key)).statusCode).toBe(409);
    await insertEntry(t, {
      userId: worker.id,
      positionId: position.id,
      taskId: first.id,
      status: 'completed',
    });
    const later = await checkIn(body, key);
    expect(later.statusCode, later.body).toBe(201);
    expect(later.headers['idempotent-replayed']).toBeUndefined();
  });

  it('replays a status change, which done again would be a conflict; another change under its key is a 422', async () => {
    const { position } = await place();
    const entry = await insertEntry(t, { userId: worker.id, positionId: position.id });
    const key = randomUUID();
    const paused = await put(entry.id, { status: 'paused', notes: 'Waiting for the crane' }, key);
    expect(paused.statusCode, paused.body).toBe(200);
    const resent = await put(entry.id, { status: 'paused', notes: 'Waiting for the crane' }, key);
    expect(resent.statusCode).toBe(200);
    expect(resent.headers['idempotent-replayed']).toBe('true');
    expect(resent.json()).toEqual(paused.json());
    // Without the key the same change is refused: the entry is paused already.
    const unkeyed = await put(entry.id, { status: 'paused' });
    expect(unkeyed.statusCode).toBe(409);
    expect(unkeyed.json()).toMatchObject({
      code: 'INVALID_TRANSITION',
      details: [{ field: 'status', params: { current_status: 'paused' } }],
    });
    expect((await put(entry.id, { status: 'cancelled' }, key)).json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    const [row] = await t.app.database.db.select().from(workEntries).where(eq(workEntries.id, entry.id));
    expect(row.status).toBe('paused');
  });

  it('replays a photo upload of the same bytes, keeping one photo and one file; other bytes are a 422', async () => {
    const { position } = await place();
    const entry = await insertEntry(t, { userId: worker.id, positionId: position.id });
    const key = randomUUID();
    const first = await upload(entry.id, multipart('photo', 'a.png', 'image/png', PNG), key);
    expect(first.statusCode, first.body).toBe(201);
    const again = await upload(entry.id, multipart('photo', 'a.png', 'image/png', PNG), key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    const other = await upload(entry.id, multipart('photo', 'b.jpg', 'image/jpeg', JPEG), key);
    expect(other.statusCode).toBe(422);
    const photos = await t.app.database.db
      .select()
      .from(workEntryPhotos)
      .where(eq(workEntryPhotos.workEntryId, entry.id));
    expect(photos).toHaveLength(1);
    const { readdirSync } = await import('node:fs');
    const dir = `${t.app.config.dataDir}/photos/main/${entry.id}`;
    expect(readdirSync(dir)).toHaveLength(1);
  });

  it('treats a key older than 7 days as unused', async () => {
    const { task, body } = await place();
    const key = randomUUID();
    expect((await checkIn(body, key)).statusCode).toBe(201);
    await t.app.database.db
      .update(idempotencyKeys)
      .set({ createdAt: sql`now() - interval '8 days'` })
      .where(and(eq(idempotencyKeys.userId, worker.id), eq(idempotencyKeys.key, key)));
    const later = await checkIn(body, key);
    expect(later.statusCode).toBe(201);
    expect(later.headers['idempotent-replayed']).toBeUndefined();
    expect(await entriesOf(task.id)).toBe(2);
  });

  it('refuses a malformed key with a 400 naming the header', async () => {
    const { body } = await place();
    for (const key of ['has space', 'x'.repeat(101), 'semi;colon']) {
      const res = await checkIn(body, key);
      expect(res.statusCode, key).toBe(400);
      expect(res.json().details[0]).toMatchObject({ field: 'idempotency-key' });
    }
  });

  it('makes exactly one entry of 20 concurrent copies, every copy answering it', async () => {
    const { task, body } = await place();
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 20 }, () => checkIn(body, key)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(201));
    const ids = new Set(answers.map((a) => a.json().work_entry.id));
    expect(ids.size).toBe(1);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(19);
    expect(await entriesOf(task.id)).toBe(1);
  });

  it('keeps one photo and one file of 5 concurrent copies of an upload, and one change of 5 copies of a pause', async () => {
    const { position } = await place();
    const entry = await insertEntry(t, { userId: worker.id, positionId: position.id });
    const photoKey = randomUUID();
    const uploads = await Promise.all(
      Array.from({ length: 5 }, () =>
        upload(entry.id, multipart('photo', 'a.png', 'image/png', PNG), photoKey),
      ),
    );
    expect(uploads.map((u) => u.statusCode)).toEqual(Array(5).fill(201));
    expect(new Set(uploads.map((u) => u.json().photo.id)).size).toBe(1);
    const photos = await t.app.database.db
      .select()
      .from(workEntryPhotos)
      .where(eq(workEntryPhotos.workEntryId, entry.id));
    expect(photos).toHaveLength(1);
    const { readdirSync } = await import('node:fs');
    expect(readdirSync(`${t.app.config.dataDir}/photos/main/${entry.id}`)).toHaveLength(1);

    const pauseKey = randomUUID();
    const pauses = await Promise.all(
      Array.from({ length: 5 }, () => put(entry.id, { status: 'paused' }, pauseKey)),
    );
    expect(pauses.map((p) => p.statusCode)).toEqual(Array(5).fill(200));
    expect(pauses.filter((p) => p.headers['idempotent-replayed'] === 'true')).toHaveLength(4);
  });

  it('names what a phone must show: an inactive position, the blocking tasks', async () => {
    const inactive = await makePosition(t, { isActive: false });
    const task = await makeTask(t, inactive.id);
    const res = await checkIn({ nfc_tag_id: inactive.nfcTagId, task_id: task.id }, randomUUID());
    expect(res.json()).toMatchObject({ code: 'POSITION_INACTIVE', details: [{ field: 'nfc_tag_id' }] });

    const position = await makePosition(t);
    const a = await makeTask(t, position.id, { taskName: 'Formwork' });
    const b = await makeTask(t, position.id, { taskName: 'Rebar' });
    const c = await makeTask(t, position.id, { taskName: 'Pour' });
    await t.app.database.db.insert(taskDependencies).values([
      { siteId: 'main', positionId: position.id, taskId: c.id, dependsOnTaskId: a.id },
      { siteId: 'main', positionId: position.id, taskId: c.id, dependsOnTaskId: b.id },
    ]);
    const blocked = await checkIn({ position_id: position.id, task_id: c.id });
    expect(blocked.json()).toMatchObject({ code: 'TASK_BLOCKED' });
    expect(String(blocked.json().details[0].params.task_names).split(', ').sort()).toEqual([
      'Formwork',
      'Rebar',
    ]);
  });
});
