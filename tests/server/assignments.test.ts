/**
 * Position-task assignments one by one (/position-task-assignments): their rules and reads, on every driver.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { positionTaskAssignments, sites, taskDependencies } from '../../server/src/db/schema/index.ts';
import { buildTestApp, DRIVERS, type TestApp } from './helpers.ts';
import { type Actor, signInAs, useManagerAndWorker } from './support/actors.ts';
import { assignTask, insertPosition, insertTask } from './support/tasks.ts';

const BASE = '/api/v1/position-task-assignments';

describe.each(DRIVERS)('position-task assignments (%s)', (driver) => {
  let t: TestApp;
  let manager: Actor;
  let worker: Actor;
  const { call } = useManagerAndWorker(driver, (a) => ({ t, manager, worker } = a));
  const create = (payload: Record<string, unknown>) => call({ method: 'POST', url: BASE, payload });

  it('assigns a task with the names and codes of both sides, not primary unless asked', async () => {
    const position = await insertPosition(t, { positionCode: 'A-101', positionName: 'Stair A' });
    const task = await insertTask(t, { taskCode: 'WELD', taskName: 'Weld joints' });
    const res = await create({ position_id: position.id, task_id: task.id });
    expect(res.statusCode).toBe(201);
    expect(res.json().assignment).toMatchObject({
      position_id: position.id,
      task_id: task.id,
      position_code: 'A-101',
      position_name: 'Stair A',
      task_code: 'WELD',
      task_name: 'Weld joints',
      is_primary: false,
      is_active: true,
    });
    const primary = await create({
      position_id: position.id,
      task_id: (await insertTask(t)).id,
      is_primary: true,
    });
    expect(primary.json().assignment.is_primary).toBe(true);
  });

  it('refuses a pair twice with 409 on task_id', async () => {
    const position = await insertPosition(t);
    const task = await insertTask(t);
    expect((await create({ position_id: position.id, task_id: task.id })).statusCode).toBe(201);
    const again = await create({ position_id: position.id, task_id: task.id, is_primary: true });
    expect(again.statusCode).toBe(409);
    expect(again.json().details).toEqual([
      expect.objectContaining({ field: 'task_id', message: 'This task is already assigned to the position' }),
    ]);
  });

  it('refuses unknown, other-site and inactive positions and tasks with 400 on the field', async () => {
    const position = await insertPosition(t);
    const task = await insertTask(t);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ position_id: 999999, task_id: task.id }, 'position_id', 'Position not found'],
      [
        { position_id: (await insertPosition(t, { isActive: false })).id, task_id: task.id },
        'position_id',
        'This position is inactive',
      ],
      [{ position_id: position.id, task_id: 999999 }, 'task_id', 'Task not found'],
      [
        { position_id: position.id, task_id: (await insertTask(t, { isActive: false })).id },
        'task_id',
        'This task is inactive',
      ],
      [{ position_id: '', task_id: task.id }, 'position_id', ''],
      [{ task_id: task.id }, 'position_id', 'This field is required'],
      [{ position_id: position.id, task_id: task.id, is_primary: 'yes' }, 'is_primary', ''],
    ];
    for (const [payload, field, message] of cases) {
      const res = await create(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      const detail = res.json().details[0];
      expect(detail.field).toBe(field);
      if (message) expect(detail.message).toBe(message);
    }
  });

  it('changes is_primary only, and answers 404 for a pair that is not assigned', async () => {
    const position = await insertPosition(t);
    const task = await insertTask(t);
    await assignTask(t, position.id, task.id);
    const res = await call({
      method: 'PUT',
      url: `${BASE}/${position.id}/${task.id}`,
      payload: { is_primary: true },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().assignment).toMatchObject({
      position_id: position.id,
      task_id: task.id,
      is_primary: true,
    });
    const other = await insertTask(t);
    const missing = await call({
      method: 'PUT',
      url: `${BASE}/${position.id}/${other.id}`,
      payload: { is_primary: true },
    });
    expect(missing.statusCode).toBe(404);
    // Moving an assignment is not an update: the pair is its identity.
    const move = await call({
      method: 'PUT',
      url: `${BASE}/${position.id}/${task.id}`,
      payload: { is_primary: false, task_id: other.id },
    });
    expect(move.statusCode).toBe(400);
    expect(move.json().details[0].field).toBe('task_id');
  });

  it('removes an assignment with the task’s dependencies at that position, and only those', async () => {
    const position = await insertPosition(t);
    const elsewhere = await insertPosition(t);
    const [a, b, c] = [await insertTask(t), await insertTask(t), await insertTask(t)];
    for (const p of [position, elsewhere]) for (const x of [a, b, c]) await assignTask(t, p.id, x.id);
    const db = t.app.database.db;
    await db.insert(taskDependencies).values([
      { siteId: 'main', positionId: position.id, taskId: a.id, dependsOnTaskId: b.id },
      { siteId: 'main', positionId: position.id, taskId: c.id, dependsOnTaskId: a.id },
      { siteId: 'main', positionId: position.id, taskId: c.id, dependsOnTaskId: b.id },
      { siteId: 'main', positionId: elsewhere.id, taskId: a.id, dependsOnTaskId: b.id },
    ]);
    const res = await call({ method: 'DELETE', url: `${BASE}/${position.id}/${a.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: 'Assignment removed',
      removed_dependencies: 2,
      trash_item_id: expect.any(Number),
    });
    const left = await db.select().from(taskDependencies);
    expect(left.map((d) => [d.positionId, d.taskId, d.dependsOnTaskId]).sort()).toEqual(
      [
        [position.id, c.id, b.id],
        [elsewhere.id, a.id, b.id],
      ].sort(),
    );
    const again = await call({ method: 'DELETE', url: `${BASE}/${position.id}/${a.id}` });
    expect(again.statusCode).toBe(404);
    const rows = await db
      .select()
      .from(positionTaskAssignments)
      .where(eq(positionTaskAssignments.positionId, position.id));
    expect(rows.map((r) => r.taskId).sort()).toEqual([b.id, c.id].sort());
  });

  it('never lists or accepts another site’s positions and tasks', async () => {
    await t.app.database.db.insert(sites).values({ id: 'far', name: 'Far site' });
    const farPosition = await insertPosition(t, { siteId: 'far' });
    const farTask = await insertTask(t, { siteId: 'far' });
    await assignTask(t, farPosition.id, farTask.id, 'far');
    const all = await call({ method: 'GET', url: `${BASE}?limit=500` });
    expect(all.json().assignments.map((r: { position_id: number }) => r.position_id)).not.toContain(
      farPosition.id,
    );
    const filtered = await call({ method: 'GET', url: `${BASE}?position_id=${farPosition.id}` });
    expect(filtered.json()).toEqual({ assignments: [], total: 0 });
    const mine = await insertPosition(t);
    const myTask = await insertTask(t);
    const foreignPosition = await create({ position_id: farPosition.id, task_id: myTask.id });
    expect(foreignPosition.statusCode).toBe(400);
    expect(foreignPosition.json().details[0]).toMatchObject({
      field: 'position_id',
      message: 'Position not found',
    });
    const foreignTask = await create({ position_id: mine.id, task_id: farTask.id });
    expect(foreignTask.statusCode).toBe(400);
    expect(foreignTask.json().details[0]).toMatchObject({ field: 'task_id', message: 'Task not found' });
  });

  it('lists a position’s tasks and a task’s positions; 404 for ids not on the site', async () => {
    const p1 = await insertPosition(t, { positionCode: 'LIST-B' });
    const p2 = await insertPosition(t, { positionCode: 'LIST-A' });
    const [x, y] = [await insertTask(t, { taskCode: 'LIST-Y' }), await insertTask(t, { taskCode: 'LIST-X' })];
    await assignTask(t, p1.id, x.id);
    await assignTask(t, p1.id, y.id);
    await assignTask(t, p2.id, x.id);
    const tasksOf = await call({ method: 'GET', url: `${BASE}/position/${p1.id}/tasks` }, worker);
    expect(tasksOf.statusCode).toBe(200);
    expect(tasksOf.json().assignments.map((r: { task_code: string }) => r.task_code)).toEqual([
      'LIST-X',
      'LIST-Y',
    ]);
    const positionsOf = await call({ method: 'GET', url: `${BASE}/task/${x.id}/positions` }, worker);
    expect(positionsOf.json().assignments.map((r: { position_code: string }) => r.position_code)).toEqual([
      'LIST-A',
      'LIST-B',
    ]);
    expect((await call({ method: 'GET', url: `${BASE}/position/999999/tasks` })).statusCode).toBe(404);
    expect((await call({ method: 'GET', url: `${BASE}/task/999999/positions` })).statusCode).toBe(404);
  });
});

describe.each(DRIVERS)('position-task assignment list paging (%s)', (driver) => {
  let t: TestApp;
  let manager: Actor;
  const ids: { positions: number[]; tasks: number[] } = { positions: [], tasks: [] };

  beforeAll(async () => {
    t = await buildTestApp(driver);
    manager = await signInAs(t, 'manager');
    for (let i = 0; i < 5; i++)
      ids.positions.push(
        (await insertPosition(t, { positionCode: `PG-${i}`, positionName: `Pos ${4 - i}` })).id,
      );
    for (let i = 0; i < 6; i++) ids.tasks.push((await insertTask(t, { taskCode: `TK-${i}` })).id);
    for (const p of ids.positions) for (const k of ids.tasks) await assignTask(t, p, k);
  });
  afterAll(async () => t?.close());

  const list = async (query: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/position-task-assignments?${query}`,
      headers: manager.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { assignments: { position_code: string; task_code: string }[]; total: number };
  };

  it('pages on the server with the total over all pages', async () => {
    const first = await list('limit=7');
    expect(first.total).toBe(30);
    expect(first.assignments).toHaveLength(7);
    expect(first.assignments[0]).toMatchObject({ position_code: 'PG-0', task_code: 'TK-0' });
    const last = await list('limit=7&offset=28');
    expect(last.assignments.map((r) => `${r.position_code}/${r.task_code}`)).toEqual([
      'PG-4/TK-4',
      'PG-4/TK-5',
    ]);
    const past = await list('limit=7&offset=100');
    expect(past).toEqual({ assignments: [], total: 30 });
  });

  it('filters by position and by task, and sorts', async () => {
    const byPosition = await list(`position_id=${ids.positions[2]}`);
    expect(byPosition.total).toBe(6);
    expect(new Set(byPosition.assignments.map((r) => r.position_code))).toEqual(new Set(['PG-2']));
    const byTask = await list(`task_id=${ids.tasks[3]}&sort=position_name&order=desc`);
    expect(byTask.total).toBe(5);
    expect(byTask.assignments.map((r) => r.position_code)).toEqual(['PG-0', 'PG-1', 'PG-2', 'PG-3', 'PG-4']);
    const both = await list(`task_id=${ids.tasks[3]}&position_id=${ids.positions[1]}`);
    expect(both.assignments).toEqual([expect.objectContaining({ position_code: 'PG-1', task_code: 'TK-3' })]);
  });

  it('refuses bad paging and sort values with 400 on the field', async () => {
    for (const [query, field] of [
      ['limit=0', 'limit'],
      ['limit=501', 'limit'],
      ['offset=-1', 'offset'],
      ['sort=site_id', 'sort'],
      ['order=up', 'order'],
      ['position_id=abc', 'position_id'],
    ]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/position-task-assignments?${query}`,
        headers: manager.headers,
      });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().details[0].field).toBe(field);
    }
  });
});
