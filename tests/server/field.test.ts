/**
 * The field app's reads: a position by tag or id with its tasks in dependency order and each
 * task's state for the caller (available, blocked naming its blockers, in progress or paused by
 * whom, done today in the site's time zone), My work, and the offline pack of the positions the
 * caller's groups may work in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  positionTaskAssignments,
  taskDependencies,
  userGroupMembers,
  userGroupPositionAccess,
  workEntryPhotos,
} from '../../server/src/db/schema/index.ts';
import { DRIVERS, type TestApp } from './helpers.ts';
import { type Actor, signInAs } from './support/actors.ts';
import { insertGroup, insertPositionGroup } from './support/user-groups.ts';
import {
  buildEntriesApp,
  insertEntry,
  makePosition,
  makeTask,
  setSiteSettings,
} from './work-entries-support.ts';

/** When the current day began in a time zone without daylight saving time. */
function dayStart(timeZone: string, now = new Date()) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(now)
      .map((p) => [p.type, p.value]),
  );
  const seconds = Number(parts.hour) * 3600 + Number(parts.minute) * 60 + Number(parts.second);
  return new Date(now.getTime() - seconds * 1000 - now.getMilliseconds());
}

describe.each(DRIVERS)('field app reads (%s)', (driver) => {
  let t: TestApp;
  let worker: Actor;
  let otherWorker: Actor;

  beforeAll(async () => {
    t = await buildEntriesApp(driver);
    worker = await signInAs(t, 'worker');
    otherWorker = await signInAs(t, 'worker');
  });
  afterAll(async () => t?.close());

  const get = (url: string, who: Actor = worker) =>
    t.app.inject({ method: 'GET', url: `/api/v1/field${url}`, headers: who.headers });
  const depend = (positionId: number, taskId: number, dependsOnTaskId: number, dependencyType = 'requires') =>
    t.app.database.db
      .insert(taskDependencies)
      .values({ siteId: 'main', positionId, taskId, dependsOnTaskId, dependencyType });

  it('opens a position by its tag: tasks in dependency order, each with its state for the caller', async () => {
    const position = await makePosition(t, { locationDetails: 'Level 2, east stair' });
    const formwork = await makeTask(t, position.id, { taskName: 'Formwork' });
    const rebar = await makeTask(t, position.id, { taskName: 'Rebar' });
    const cleanup = await makeTask(t, position.id, { taskName: 'Cleanup' });
    const survey = await makeTask(t, position.id, { taskName: 'Survey' });
    await t.app.database.db
      .update(positionTaskAssignments)
      .set({ isPrimary: true })
      .where(
        (await import('drizzle-orm')).and(
          (await import('drizzle-orm')).eq(positionTaskAssignments.positionId, position.id),
          (await import('drizzle-orm')).eq(positionTaskAssignments.taskId, survey.id),
        ),
      );
    const notHere = await makeTask(t); // not assigned: not listed
    const inactiveTask = await makeTask(t, position.id, { isActive: false });
    await depend(position.id, rebar.id, formwork.id);
    // Optional: orders the work, never blocks it.
    await depend(position.id, cleanup.id, rebar.id, 'optional');
    await insertEntry(t, { userId: otherWorker.id, positionId: position.id, taskId: formwork.id });
    await insertEntry(t, {
      userId: worker.id,
      positionId: position.id,
      taskId: survey.id,
      status: 'completed',
      completedAt: new Date(),
    });

    const res = await get(`/tags/${position.nfcTagId}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.position).toEqual({
      id: position.id,
      position_code: position.positionCode,
      position_name: position.positionName,
      location_details: 'Level 2, east stair',
      nfc_tag_id: position.nfcTagId,
      coordinates: { latitude: position.latitude, longitude: position.longitude },
    });
    expect(Date.parse(body.server_time)).toBeGreaterThan(Date.now() - 60_000);
    // The phone shows dates (its offline copy's time) as the console does: the site's zone and format.
    expect(body.display).toEqual({ timezone: 'UTC', date_format: 'DD/MM/YYYY' });
    const tasks = body.tasks as { task_id: number; state: string; order: number }[];
    // Survey (primary) and Formwork are ready first; Rebar after Formwork; Cleanup after Rebar.
    expect(tasks.map((x) => x.task_id)).toEqual([survey.id, formwork.id, rebar.id, cleanup.id]);
    expect(tasks.map((x) => x.order)).toEqual([0, 1, 2, 3]);
    expect(tasks.map((x) => x.task_id)).not.toContain(notHere.id);
    expect(tasks.map((x) => x.task_id)).not.toContain(inactiveTask.id);
    const [s, f, r, c] = body.tasks;
    expect(s).toMatchObject({
      state: 'done_today',
      is_primary: true,
      entry: { mine: true, status: 'completed' },
    });
    expect(f).toMatchObject({
      state: 'in_progress',
      blocked_by: [],
      entry: { mine: false, user_id: otherWorker.id, first_name: 'Test', last_name: 'worker' },
    });
    expect(r).toMatchObject({
      state: 'blocked',
      blocked_by: [{ task_id: formwork.id, task_name: 'Formwork' }],
      entry: null,
    });
    expect(c).toMatchObject({ state: 'available', blocked_by: [], entry: null, task_name: 'Cleanup' });
  });

  it('shows the caller’s own open entry first, paused as paused; the same body by id', async () => {
    const position = await makePosition(t);
    const task = await makeTask(t, position.id);
    await insertEntry(t, { userId: otherWorker.id, positionId: position.id, taskId: task.id });
    const mine = await insertEntry(t, {
      userId: worker.id,
      positionId: position.id,
      taskId: task.id,
      status: 'paused',
      pausedAt: new Date(),
    });
    const byId = await get(`/positions/${position.id}`);
    expect(byId.statusCode).toBe(200);
    expect(byId.json().tasks[0]).toMatchObject({ state: 'paused', entry: { id: mine.id, mine: true } });
    const byTag = (await get(`/tags/${position.nfcTagId}`)).json();
    expect({ ...byTag, server_time: null }).toEqual({ ...byId.json(), server_time: null });
    // Another worker sees the first worker's entry as someone else's.
    expect((await get(`/positions/${position.id}`, otherWorker)).json().tasks[0].entry.mine).toBe(true);
  });

  it('counts work done today in the site’s time zone, not UTC', async () => {
    const timeZone = 'Pacific/Kiritimati'; // UTC+14, no daylight saving time
    await setSiteSettings(t, { timezone: timeZone });
    try {
      const start = dayStart(timeZone);
      const position = await makePosition(t);
      const yesterday = await makeTask(t, position.id);
      const today = await makeTask(t, position.id);
      const at = (ms: number) => new Date(ms);
      await insertEntry(t, {
        userId: worker.id,
        positionId: position.id,
        taskId: yesterday.id,
        status: 'completed',
        completedAt: at(start.getTime() - 60_000),
      });
      await insertEntry(t, {
        userId: worker.id,
        positionId: position.id,
        taskId: today.id,
        status: 'completed',
        completedAt: at(start.getTime() + Math.min(60_000, (Date.now() - start.getTime()) / 2)),
      });
      const states = new Map(
        (await get(`/positions/${position.id}`))
          .json()
          .tasks.map((x: { task_id: number; state: string }) => [x.task_id, x.state]),
      );
      expect(states.get(yesterday.id)).toBe('available');
      expect(states.get(today.id)).toBe('done_today');
    } finally {
      await setSiteSettings(t, { timezone: 'UTC' });
    }
  });

  it('answers an unknown tag, an unknown position and an inactive one with their codes', async () => {
    const unknownTag = await get('/tags/NO-SUCH-TAG');
    expect(unknownTag.statusCode).toBe(404);
    expect(unknownTag.json()).toMatchObject({ code: 'TAG_UNKNOWN' });
    const unknownId = await get('/positions/999999');
    expect(unknownId.statusCode).toBe(404);
    expect(unknownId.json()).toMatchObject({ code: 'POSITION_NOT_FOUND' });
    const inactive = await makePosition(t, { isActive: false });
    for (const url of [`/tags/${inactive.nfcTagId}`, `/positions/${inactive.id}`]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(409);
      expect(res.json()).toMatchObject({ code: 'POSITION_INACTIVE' });
      expect(res.json().message).toContain('inactive');
    }
  });

  it('lists my open work and what I closed today, newest first, with photo counts', async () => {
    const me = await signInAs(t, 'worker');
    const position = await makePosition(t);
    const task = await makeTask(t, position.id);
    const ago = (hours: number) => new Date(Date.now() - hours * 3_600_000);
    const entry = (over: Partial<Parameters<typeof insertEntry>[1]>) =>
      insertEntry(t, {
        userId: me.id,
        positionId: position.id,
        taskId: task.id,
        taskName: task.taskName,
        ...over,
      });
    const oldOpen = await entry({ createdAt: ago(72), notes: 'Started on Monday' });
    const paused = await entry({ createdAt: ago(3), status: 'paused', pausedAt: ago(1) });
    const doneToday = await entry({ createdAt: ago(0.5), status: 'completed', completedAt: new Date() });
    const failedToday = await entry({ createdAt: ago(0.2), status: 'failed', completedAt: new Date() });
    await entry({ createdAt: ago(80), status: 'completed', completedAt: ago(78) });
    await insertEntry(t, { userId: otherWorker.id, positionId: position.id, taskId: task.id });
    await t.app.database.db
      .insert(workEntryPhotos)
      .values(
        [1, 2].map((n) => ({ siteId: 'main', workEntryId: paused.id, url: `main/${paused.id}/${n}.png` })),
      );

    const res = await get('/my-work', me);
    expect(res.statusCode).toBe(200);
    const entries = res.json().entries;
    expect(entries.map((e: { id: number }) => e.id)).toEqual([
      failedToday.id,
      doneToday.id,
      paused.id,
      oldOpen.id,
    ]);
    expect(entries[2]).toMatchObject({
      status: 'paused',
      task_id: task.id,
      task_name: task.taskName,
      position_id: position.id,
      position_name: position.positionName,
      nfc_tag_id: position.nfcTagId,
      completed_at: null,
      photo_count: 2,
    });
    expect(entries[3]).toMatchObject({ notes: 'Started on Monday', photo_count: 0 });
  });

  it('packs the active positions of the groups granted to my active user groups', async () => {
    const me = await signInAs(t, 'worker');
    const crew = await insertGroup(t, { memberIds: [me.id] });
    const formerCrew = await insertGroup(t, { memberIds: [me.id], isActive: false });
    const area = await insertPositionGroup(t, { positionsActive: [true, false, true] });
    const closedArea = await insertPositionGroup(t, { positionsActive: [true], isActive: false });
    const elsewhere = await insertPositionGroup(t, { positionsActive: [true] });
    await t.app.database.db.insert(userGroupPositionAccess).values([
      { siteId: 'main', userGroupId: crew.id, positionGroupId: area.id },
      { siteId: 'main', userGroupId: crew.id, positionGroupId: closedArea.id },
      { siteId: 'main', userGroupId: formerCrew.id, positionGroupId: elsewhere.id },
    ]);
    const res = await get('/offline-pack', me);
    expect(res.statusCode).toBe(200);
    const pack = res.json();
    expect(pack.truncated).toBe(false);
    expect(
      pack.positions.map((p: { position: { position_code: string } }) => p.position.position_code),
    ).toEqual([`P${area.groupCode.split('_')[1]}-0`, `P${area.groupCode.split('_')[1]}-2`]);
    expect(pack.positions[0]).toMatchObject({ tasks: [] });
    // Without a group, nothing.
    await t.app.database.db.delete(userGroupMembers);
    expect((await get('/offline-pack', me)).json().positions).toEqual([]);
  });

  it('is for workers: a manager (no work_entries.create) is refused', async () => {
    const manager = await signInAs(t, 'manager');
    expect((await get('/my-work', manager)).statusCode).toBe(403);
  });
});
