/**
 * PUT /work-entries/{id} and DELETE: the state chart (every pair of statuses), the duration the
 * server computes with pauses left out, who may change which entry, and deletion.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workEntries } from '../../server/src/db/schema/index.ts';
import { WORK_ENTRY_STATUSES, WORK_ENTRY_TRANSITIONS } from '../../src/domain/work-entries.ts';
import { DRIVERS, type TestApp } from './helpers.ts';
import { type Actor, signInAs, signInEveryRole } from './support/actors.ts';
import { buildEntriesApp, insertEntry, makePosition } from './work-entries-support.ts';

describe.each(DRIVERS)('work entry status and deletion (%s)', (driver) => {
  let t: TestApp;
  let roles: Awaited<ReturnType<typeof signInEveryRole>>;
  let otherWorker: Actor;
  let positionId: number;

  beforeAll(async () => {
    t = await buildEntriesApp(driver);
    roles = await signInEveryRole(t);
    otherWorker = await signInAs(t, 'worker');
    positionId = (await makePosition(t)).id;
  });
  afterAll(async () => t?.close());

  const put = (id: number, payload: Record<string, unknown>, who: Actor = roles.worker) =>
    t.app.inject({ method: 'PUT', url: `/api/v1/work-entries/${id}`, headers: who.headers, payload });
  const entryOf = (status: string, userId = roles.worker.id) =>
    insertEntry(t, { userId, positionId, status: status as never });

  it('allows exactly the transitions of the chart; any other is a 409 naming it', async () => {
    for (const from of WORK_ENTRY_STATUSES) {
      for (const to of WORK_ENTRY_STATUSES) {
        const entry = await entryOf(from);
        const res = await put(entry.id, { status: to });
        const allowed = WORK_ENTRY_TRANSITIONS[from].includes(to);
        expect(res.statusCode, `${from} → ${to}: ${res.body}`).toBe(allowed ? 200 : 409);
        if (allowed) {
          expect(res.json().work_entry.status).toBe(to);
        } else {
          expect(res.json()).toMatchObject({ code: 'INVALID_TRANSITION' });
          expect(res.json().details[0]).toMatchObject({ field: 'status', rule: 'transition' });
          expect(res.json().message).toContain(`from ${from} to ${to}`);
        }
      }
    }
  });

  it('computes the duration on completion, leaving the pauses out', async () => {
    const entry = await entryOf('in_progress');
    const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000);
    // Started 90 minutes ago; paused 30 minutes ago.
    await t.app.database.db
      .update(workEntries)
      .set({ startedAt: ago(90), status: 'paused', pausedAt: ago(30) })
      .where(eq(workEntries.id, entry.id));
    const resumed = await put(entry.id, { status: 'in_progress' });
    expect(resumed.json().work_entry).toMatchObject({
      status: 'in_progress',
      paused_at: null,
      duration_minutes: null,
    });
    const done = await put(entry.id, { status: 'completed', notes: '  Slab poured  ' });
    expect(done.statusCode).toBe(200);
    const body = done.json().work_entry;
    expect(body).toMatchObject({ status: 'completed', duration_minutes: 60, notes: 'Slab poured' });
    expect(Date.parse(body.completed_at)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('a pause stamps paused_at; a cancelled paused entry counts only the running time', async () => {
    const entry = await entryOf('in_progress');
    await t.app.database.db
      .update(workEntries)
      .set({ startedAt: new Date(Date.now() - 45 * 60_000) })
      .where(eq(workEntries.id, entry.id));
    const paused = await put(entry.id, { status: 'paused' });
    expect(paused.json().work_entry.paused_at).not.toBeNull();
    await t.app.database.db
      .update(workEntries)
      .set({ pausedAt: new Date(Date.now() - 15 * 60_000) })
      .where(eq(workEntries.id, entry.id));
    const cancelled = await put(entry.id, { status: 'cancelled' });
    expect(cancelled.json().work_entry).toMatchObject({ status: 'cancelled', duration_minutes: 30 });
  });

  it('changes notes alone, in any status; clears them with null', async () => {
    const entry = await entryOf('completed');
    expect((await put(entry.id, { notes: 'Checked' })).json().work_entry.notes).toBe('Checked');
    expect((await put(entry.id, { notes: null })).json().work_entry.notes).toBeNull();
  });

  it('a worker may change only their own entry: another worker’s is 404, unchanged', async () => {
    const theirs = await entryOf('in_progress', otherWorker.id);
    const res = await put(theirs.id, { status: 'completed' });
    expect(res.statusCode).toBe(404);
    const get = await t.app.inject({
      method: 'GET',
      url: `/api/v1/work-entries/${theirs.id}`,
      headers: roles.worker.headers,
    });
    expect(get.statusCode).toBe(404);
    const [row] = await t.app.database.db.select().from(workEntries).where(eq(workEntries.id, theirs.id));
    expect(row.status).toBe('in_progress');
  });

  it('a manager, owner or admin (work_entries.update) changes any entry of the site', async () => {
    for (const who of [roles.manager, roles.owner, roles.admin]) {
      const entry = await entryOf('in_progress', otherWorker.id);
      const res = await put(entry.id, { status: 'failed' }, who);
      expect(res.statusCode, who.role).toBe(200);
    }
  });

  it('rejects bad input with the field: an unknown status, unknown fields, long notes', async () => {
    const entry = await entryOf('in_progress');
    const cases: [Record<string, unknown>, string][] = [
      [{ status: 'done' }, 'status'],
      [{ duration_minutes: 5 }, 'duration_minutes'],
      [{ notes: 'x'.repeat(2001) }, 'notes'],
    ];
    for (const [payload, field] of cases) {
      const res = await put(entry.id, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().details.map((d: { field: string }) => d.field)).toContain(field);
    }
    expect((await put(999999, { status: 'completed' })).statusCode).toBe(404);
  });

  it('deletes with work_entries.delete (owner, admin); a manager may not', async () => {
    const entry = await entryOf('completed', otherWorker.id);
    const del = (who: Actor) =>
      t.app.inject({ method: 'DELETE', url: `/api/v1/work-entries/${entry.id}`, headers: who.headers });
    expect((await del(roles.manager)).statusCode).toBe(403);
    expect((await del(roles.worker)).statusCode).toBe(403);
    expect((await del(roles.owner)).statusCode).toBe(200);
    expect((await del(roles.admin)).statusCode).toBe(404);
  });
});
