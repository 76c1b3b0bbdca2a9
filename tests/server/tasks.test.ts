/** The task catalogue (/tasks): its rules for tasks, on every driver. */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { positionTaskAssignments, sites, taskDependencies, tasks } from '../../server/src/db/schema/index.ts';
import { DRIVERS, type TestApp } from './helpers.ts';
import { type Actor, useManagerAndWorker } from './support/actors.ts';
import { assignTask, insertPosition, insertTask, logWork } from './support/tasks.ts';

describe.each(DRIVERS)('task catalogue (%s)', (driver) => {
  let t: TestApp;
  let manager: Actor;
  let worker: Actor;
  const { call, bodies } = useManagerAndWorker(driver, (a) => ({ t, manager, worker } = a));
  const create = (payload: Record<string, unknown>) =>
    call({ method: 'POST', url: '/api/v1/tasks', payload });
  const valid = (over: Record<string, unknown> = {}) => ({
    task_code: `INS-${bodies.length}`,
    task_name: 'Inspect scaffolding',
    estimated_duration_minutes: 45,
    category: 'safety',
    ...over,
  });

  it('creates a task with priority 1, active and not primary when not given', async () => {
    const res = await create(valid({ task_code: 'SAFE-01', description: '  Daily check  ' }));
    expect(res.statusCode).toBe(201);
    expect(res.json().task).toMatchObject({
      task_code: 'SAFE-01',
      task_name: 'Inspect scaffolding',
      description: 'Daily check',
      category: 'safety',
      estimated_duration_minutes: 45,
      priority: 1,
      is_active: true,
      is_primary: false,
    });
    const list = await call({ method: 'GET', url: '/api/v1/tasks' }, worker);
    expect(list.statusCode).toBe(200);
    expect(list.json().tasks.map((x: { task_code: string }) => x.task_code)).toContain('SAFE-01');
  });

  it.each([
    [{ task_code: 'A' }, 'task_code', 'minLength'],
    [{ task_code: '  ' }, 'task_code', 'required'],
    [{ task_name: 'ab' }, 'task_name', 'minLength'],
    [{ task_name: ' ab ' }, 'task_name', 'minLength'],
    [{ estimated_duration_minutes: 0 }, 'estimated_duration_minutes', 'minimum'],
    [{ estimated_duration_minutes: 1.5 }, 'estimated_duration_minutes', 'type'],
    [{ estimated_duration_minutes: undefined }, 'estimated_duration_minutes', 'required'],
    [{ category: 'electrical' }, 'category', 'enum'],
    [{ priority: 'high' }, 'priority', 'type'],
    [{ priority: 0 }, 'priority', 'minimum'],
    [{ colour: 'red' }, 'colour', 'unknown'],
  ])('refuses %j with 400 on %s', async (over, field, rule) => {
    const res = await create(valid(over));
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toContainEqual(expect.objectContaining({ field, rule }));
  });

  it('keeps codes unique per site, case-insensitively (409 on task_code), but not across sites', async () => {
    expect((await create(valid({ task_code: 'QA-7' }))).statusCode).toBe(201);
    const clash = await create(valid({ task_code: 'qa-7' }));
    expect(clash.statusCode).toBe(409);
    expect(clash.json().details).toEqual([expect.objectContaining({ field: 'task_code', rule: 'unique' })]);

    await t.app.database.db.insert(sites).values({ id: 'far', name: 'Far site' });
    await insertTask(t, { siteId: 'far', taskCode: 'FAR-1' });
    expect((await create(valid({ task_code: 'FAR-1' }))).statusCode).toBe(201);
  });

  it('updates a task; a code clash on update is 409; an unknown id is 404', async () => {
    const a = (await create(valid({ task_code: 'UPD-A' }))).json().task;
    await create(valid({ task_code: 'UPD-B' }));
    const res = await call({
      method: 'PUT',
      url: `/api/v1/tasks/${a.id}`,
      payload: { task_name: 'Renamed task', priority: 3, is_primary: true, category: 'quality' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().task).toMatchObject({
      task_name: 'Renamed task',
      priority: 3,
      is_primary: true,
      category: 'quality',
    });
    // Its own code in another case is not a clash.
    expect(
      (await call({ method: 'PUT', url: `/api/v1/tasks/${a.id}`, payload: { task_code: 'upd-a' } }))
        .statusCode,
    ).toBe(200);
    const clash = await call({
      method: 'PUT',
      url: `/api/v1/tasks/${a.id}`,
      payload: { task_code: 'UPD-B' },
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().details[0].field).toBe('task_code');
    const missing = await call({ method: 'PUT', url: '/api/v1/tasks/999999', payload: { priority: 2 } });
    expect(missing.statusCode).toBe(404);
  });

  it('lists only the tasks assigned to a position when position_id is given', async () => {
    const position = await insertPosition(t);
    const assigned = await insertTask(t, { taskCode: 'ASSIGNED-1' });
    await insertTask(t, { taskCode: 'NOT-ASSIGNED-1' });
    await assignTask(t, position.id, assigned.id);
    const res = await call({ method: 'GET', url: `/api/v1/tasks?position_id=${position.id}` }, worker);
    expect(res.statusCode).toBe(200);
    expect(res.json().tasks.map((x: { task_code: string }) => x.task_code)).toEqual(['ASSIGNED-1']);
    const bad = await call({ method: 'GET', url: '/api/v1/tasks?position_id=abc' }, worker);
    expect(bad.statusCode).toBe(400);
  });

  it('deletes an unused task', async () => {
    const task = await insertTask(t);
    const res = await call({ method: 'DELETE', url: `/api/v1/tasks/${task.id}` });
    expect(res.json()).toMatchObject({ outcome: 'deleted' });
    expect(await t.app.database.db.select().from(tasks).where(eq(tasks.id, task.id))).toEqual([]);
    expect((await call({ method: 'DELETE', url: `/api/v1/tasks/${task.id}` })).statusCode).toBe(404);
  });

  it('deactivates instead of deleting a task that assignments, dependencies or work entries name', async () => {
    const position = await insertPosition(t);
    const assigned = await insertTask(t);
    await assignTask(t, position.id, assigned.id);
    const logged = await insertTask(t);
    await logWork(t, position.id, logged.id);
    const [first, second] = [await insertTask(t), await insertTask(t)];
    await t.app.database.db
      .insert(taskDependencies)
      .values({ siteId: 'main', positionId: position.id, taskId: first.id, dependsOnTaskId: second.id });

    for (const [label, task] of Object.entries({ assigned, logged, second })) {
      const res = await call({ method: 'DELETE', url: `/api/v1/tasks/${task.id}` });
      expect(res.statusCode, label).toBe(200);
      expect(res.json().outcome, label).toBe('deactivated');
      expect(res.json()).toMatchObject({ outcome: 'deactivated', task: { id: task.id, is_active: false } });
      expect(res.json().message).toMatch(/deactivated/);
    }
    // The history is intact.
    const kept = await t.app.database.db
      .select()
      .from(positionTaskAssignments)
      .where(eq(positionTaskAssignments.taskId, assigned.id));
    expect(kept).toHaveLength(1);
  });

  it('lets a worker read but not write', async () => {
    expect((await call({ method: 'GET', url: '/api/v1/tasks' }, worker)).statusCode).toBe(200);
    expect((await call({ method: 'POST', url: '/api/v1/tasks', payload: valid() }, worker)).statusCode).toBe(
      403,
    );
  });
});
