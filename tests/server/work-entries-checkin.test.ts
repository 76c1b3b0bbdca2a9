/**
 * POST /work-entries, the worker check-in: position by NFC tag or id, the task assigned there and
 * not blocked, the NFC validation setting, coordinates and the distance kept from the position.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sites, taskDependencies } from '../../server/src/db/schema/index.ts';
import { DRIVERS, type TestApp } from './helpers.ts';
import { type Actor, signInAs } from './support/actors.ts';
import {
  buildEntriesApp,
  insertEntry,
  makePosition,
  makeTask,
  setSiteSettings,
} from './work-entries-support.ts';

describe.each(DRIVERS)('work entry check-in (%s)', (driver) => {
  let t: TestApp;
  let worker: Actor;
  let manager: Actor;

  beforeAll(async () => {
    t = await buildEntriesApp(driver);
    worker = await signInAs(t, 'worker');
    manager = await signInAs(t, 'manager');
  });
  afterAll(async () => t?.close());

  const checkIn = (payload: Record<string, unknown>, who: Actor = worker) =>
    t.app.inject({ method: 'POST', url: '/api/v1/work-entries', headers: who.headers, payload });

  const setValidation = (on: boolean) => setSiteSettings(t, { enableNfcTagValidation: on });

  it('starts an entry by NFC tag: in progress, the worker’s, with the distance from the position', async () => {
    const position = await makePosition(t);
    const task = await makeTask(t, position.id);
    // About 111 m north of the position.
    const res = await checkIn({
      nfc_tag_id: position.nfcTagId,
      task_id: task.id,
      latitude: 60.1709,
      longitude: 24.9384,
    });
    expect(res.statusCode, res.body).toBe(201);
    const entry = res.json().work_entry;
    expect(entry).toMatchObject({
      user_id: worker.id,
      first_name: 'Test',
      last_name: 'worker',
      position_id: position.id,
      position_name: position.positionName,
      task_id: task.id,
      task_name: task.taskName,
      status: 'in_progress',
      nfc_tag_id: position.nfcTagId,
      duration_minutes: null,
      completed_at: null,
      photo_urls: [],
    });
    expect(entry.distance_meters).toBeGreaterThanOrEqual(110);
    expect(entry.distance_meters).toBeLessThanOrEqual(112);
  });

  it('starts an entry by position id; no distance without coordinates on either side', async () => {
    const position = await makePosition(t, { latitude: null, longitude: null });
    const task = await makeTask(t, position.id);
    const res = await checkIn({ position_id: position.id, task_id: task.id, latitude: 60, longitude: 24 });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().work_entry).toMatchObject({ distance_meters: null, latitude: 60, longitude: 24 });
  });

  it('refuses, naming the field: no position, unknown tag or id, a coordinate alone', async () => {
    const position = await makePosition(t);
    const task = await makeTask(t, position.id);
    const cases: [Record<string, unknown>, string][] = [
      [{ task_id: task.id }, 'nfc_tag_id'],
      [{ nfc_tag_id: 'NOPE-TAG', task_id: task.id }, 'nfc_tag_id'],
      [{ position_id: 999999, task_id: task.id }, 'position_id'],
      [{ position_id: position.id, task_id: task.id, latitude: 60 }, 'longitude'],
      [{ position_id: position.id, task_id: task.id, longitude: 24 }, 'latitude'],
      [{ position_id: position.id, task_id: task.id, latitude: 91, longitude: 0 }, 'latitude'],
      [{ position_id: position.id }, 'task_id'],
    ];
    for (const [payload, field] of cases) {
      const res = await checkIn(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().details[0].field, JSON.stringify(payload)).toBe(field);
    }
  });

  it('refuses a task that is unknown, inactive, another site’s or not assigned to the position', async () => {
    const position = await makePosition(t);
    const unassigned = await makeTask(t);
    const inactive = await makeTask(t, position.id, { isActive: false });
    await t.app.database.db
      .insert(sites)
      .values({ id: 'other-checkin', name: 'Other' })
      .onConflictDoNothing();
    const foreign = await makeTask(t, undefined, { siteId: 'other-checkin' });
    const expectations: [number, string][] = [
      [unassigned.id, 'This task is not assigned to the position'],
      [inactive.id, 'This task is inactive'],
      [foreign.id, 'No such task on this site'],
      [999999, 'No such task on this site'],
    ];
    for (const [taskId, message] of expectations) {
      const res = await checkIn({ position_id: position.id, task_id: taskId });
      expect(res.statusCode).toBe(400);
      expect(res.json().details[0]).toMatchObject({ field: 'task_id', message });
    }
  });

  it('refuses a task blocked by an unfinished dependency, naming the blocking task, until it is completed', async () => {
    const position = await makePosition(t);
    const first = await makeTask(t, position.id, { taskName: 'Formwork' });
    const second = await makeTask(t, position.id, { taskName: 'Pour slab' });
    await t.app.database.db
      .insert(taskDependencies)
      .values({ siteId: 'main', positionId: position.id, taskId: second.id, dependsOnTaskId: first.id });
    const blocked = await checkIn({ position_id: position.id, task_id: second.id });
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json()).toMatchObject({ code: 'TASK_BLOCKED' });
    expect(blocked.json().details[0]).toMatchObject({ field: 'task_id', rule: 'blocked' });
    expect(blocked.json().details[0].message).toContain(`Formwork (${first.taskCode})`);

    await insertEntry(t, {
      userId: worker.id,
      positionId: position.id,
      taskId: first.id,
      status: 'completed',
    });
    expect((await checkIn({ position_id: position.id, task_id: second.id })).statusCode).toBe(201);
  });

  it('with NFC validation on, refuses an inactive position and a tag that is not the position’s; off, accepts both', async () => {
    const inactive = await makePosition(t, { isActive: false });
    const other = await makePosition(t);
    const task = await makeTask(t, inactive.id);
    const byTag = await checkIn({ nfc_tag_id: inactive.nfcTagId, task_id: task.id });
    expect(byTag.statusCode).toBe(400);
    expect(byTag.json().details[0]).toMatchObject({
      field: 'nfc_tag_id',
      message: 'This position is inactive',
    });
    const byId = await checkIn({ position_id: inactive.id, task_id: task.id });
    expect(byId.json().details[0]).toMatchObject({
      field: 'position_id',
      message: 'This position is inactive',
    });
    const mismatch = await checkIn({
      position_id: inactive.id,
      nfc_tag_id: other.nfcTagId,
      task_id: task.id,
    });
    expect(mismatch.json().details[0]).toMatchObject({
      field: 'nfc_tag_id',
      message: 'This NFC tag does not belong to the position',
    });

    await setValidation(false);
    try {
      const accepted = await checkIn({
        position_id: inactive.id,
        nfc_tag_id: other.nfcTagId,
        task_id: task.id,
      });
      expect(accepted.statusCode, accepted.body).toBe(201);
      // The tag the phone read is what the entry records.
      expect(accepted.json().work_entry.nfc_tag_id).toBe(other.nfcTagId);
      expect((await checkIn({ nfc_tag_id: inactive.nfcTagId, task_id: task.id })).statusCode).toBe(201);
    } finally {
      await setValidation(true);
    }
  });

  it('refuses another site’s position as unknown', async () => {
    await t.app.database.db.insert(sites).values({ id: 'other-pos', name: 'Other' }).onConflictDoNothing();
    const foreign = await makePosition(t, { siteId: 'other-pos' });
    const task = await makeTask(t);
    const byId = await checkIn({ position_id: foreign.id, task_id: task.id });
    expect(byId.json().details[0]).toMatchObject({
      field: 'position_id',
      message: 'No such position on this site',
    });
    const byTag = await checkIn({ nfc_tag_id: foreign.nfcTagId, task_id: task.id });
    expect(byTag.json().details[0]).toMatchObject({
      field: 'nfc_tag_id',
      message: 'No position has this NFC tag',
    });
  });

  it('is for those who log work: a manager (no work_entries.create) is refused', async () => {
    const position = await makePosition(t);
    const task = await makeTask(t, position.id);
    expect((await checkIn({ position_id: position.id, task_id: task.id }, manager)).statusCode).toBe(403);
  });

  it('keeps the worker’s and position’s names on the entry, following a rename', async () => {
    const position = await makePosition(t);
    const task = await makeTask(t, position.id);
    const id = (await checkIn({ position_id: position.id, task_id: task.id })).json().work_entry.id;
    const { positions, workEntries } = await import('../../server/src/db/schema/index.ts');
    await t.app.database.db
      .update(positions)
      .set({ positionName: 'Renamed bay' })
      .where(eq(positions.id, position.id));
    const [row] = await t.app.database.db.select().from(workEntries).where(eq(workEntries.id, id));
    expect(row.positionName).toBe('Renamed bay');
    expect(row.workerName).toBe('Test worker');
  });
});
