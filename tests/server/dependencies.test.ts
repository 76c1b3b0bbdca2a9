/**
 * Task dependencies (/task-dependencies): their rules, no cycles, and the blocked-task rule, on every driver.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { sites, taskDependencies, tasks, workEntries } from '../../server/src/db/schema/index.ts';
import { DRIVERS, type TestApp } from './helpers.ts';
import { type Actor, useManagerAndWorker } from './support/actors.ts';
import { assignTask, insertPosition, insertTask } from './support/tasks.ts';

const BASE = '/api/v1/task-dependencies';

describe.each(DRIVERS)('task dependencies (%s)', (driver) => {
  let t: TestApp;
  let manager: Actor;
  let worker: Actor;
  const { call } = useManagerAndWorker(driver, (a) => ({ t, manager, worker } = a));
  beforeAll(async () => {
    await t.app.database.db.insert(sites).values({ id: 'other', name: 'Other site' });
  });
  const create = (payload: Record<string, unknown>) => call({ method: 'POST', url: BASE, payload });
  const validate = (payload: Record<string, unknown>) =>
    call({ method: 'POST', url: `${BASE}/validate`, payload });

  /** A position with tasks of the given codes, all assigned there. */
  async function setup(...codes: string[]) {
    const position = await insertPosition(t);
    const ids: Record<string, number> = {};
    for (const code of codes) {
      const task = await insertTask(t, { taskCode: `${code}-${position.id}`, taskName: `Task ${code}` });
      await assignTask(t, position.id, task.id);
      ids[code] = task.id;
    }
    return { position: position.id, ...ids } as { position: number } & Record<string, number>;
  }

  it('creates a dependency, requires unless given, with both tasks’ codes and names', async () => {
    const s = await setup('A', 'B', 'C');
    const res = await create({ position_id: s.position, task_id: s.A, depends_on_task_id: s.B });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().dependency).toMatchObject({
      position_id: s.position,
      task_id: s.A,
      task_code: `A-${s.position}`,
      task_name: 'Task A',
      depends_on_task_id: s.B,
      depends_on_task_code: `B-${s.position}`,
      dependency_type: 'requires',
    });
    const typed = await create({
      position_id: s.position,
      task_id: s.C,
      depends_on_task_id: s.B,
      dependency_type: 'optional',
    });
    expect(typed.json().dependency.dependency_type).toBe('optional');
    const list = await call({ method: 'GET', url: `${BASE}?position_id=${s.position}` }, worker);
    expect(list.statusCode).toBe(200);
    expect(list.json().dependencies).toHaveLength(2);
    const byTask = await call({ method: 'GET', url: `${BASE}?task_id=${s.B}` }, worker);
    expect(byTask.json().dependencies).toHaveLength(2);
    const byFrom = await call(
      { method: 'GET', url: `${BASE}?task_id=${s.A}&position_id=${s.position}` },
      worker,
    );
    expect(byFrom.json().dependencies.map((d: { task_id: number }) => d.task_id)).toEqual([s.A]);
  });

  it('validate and create refuse the same things with the same words', async () => {
    const s = await setup('A', 'B', 'C');
    const unassigned = await insertTask(t);
    const other = await setup('X');
    await create({ position_id: s.position, task_id: s.A, depends_on_task_id: s.B });
    const cases: [Record<string, unknown>, number, string, string][] = [
      [
        { task_id: s.A, depends_on_task_id: s.A },
        400,
        'depends_on_task_id',
        'A task cannot depend on itself',
      ],
      [
        { task_id: unassigned.id, depends_on_task_id: s.A },
        400,
        'task_id',
        'This task is not assigned to the position',
      ],
      [
        { task_id: s.A, depends_on_task_id: other.X },
        400,
        'depends_on_task_id',
        'This task is not assigned to the position',
      ],
      [
        { task_id: s.A, depends_on_task_id: s.B },
        409,
        'depends_on_task_id',
        'This dependency already exists',
      ],
      [
        { task_id: s.B, depends_on_task_id: s.A },
        409,
        'depends_on_task_id',
        `This dependency would create a cycle: B-${s.position} → A-${s.position} → B-${s.position}`,
      ],
      [
        { position_id: 999999, task_id: s.A, depends_on_task_id: s.C },
        400,
        'position_id',
        'Position not found',
      ],
    ];
    for (const [over, status, field, message] of cases) {
      const payload = { position_id: s.position, ...over };
      const v = await validate(payload);
      expect(v.statusCode).toBe(200);
      expect(v.json(), JSON.stringify(over)).toMatchObject({ valid: false, error: message, field });
      const c = await create(payload);
      expect(c.statusCode, JSON.stringify(over)).toBe(status);
      expect(c.json()).toMatchObject({ message, details: [{ field, message }] });
    }
    expect(await validate({ position_id: s.position, task_id: s.C, depends_on_task_id: s.A })).toMatchObject({
      statusCode: 200,
    });
    expect(
      (await validate({ position_id: s.position, task_id: s.C, depends_on_task_id: s.A })).json(),
    ).toEqual({
      valid: true,
      error: null,
      field: null,
      code: null,
      cycle: null,
    });
  });

  it('refuses C → A over A → B → C, naming the path, in validate and create', async () => {
    const s = await setup('A', 'B', 'C');
    expect(
      (await create({ position_id: s.position, task_id: s.A, depends_on_task_id: s.B })).statusCode,
    ).toBe(201);
    expect(
      (await create({ position_id: s.position, task_id: s.B, depends_on_task_id: s.C })).statusCode,
    ).toBe(201);
    const [a, b, c] = ['A', 'B', 'C'].map((x) => `${x}-${s.position}`);
    const v = await validate({ position_id: s.position, task_id: s.C, depends_on_task_id: s.A });
    expect(v.json()).toEqual({
      valid: false,
      error: `This dependency would create a cycle: ${c} → ${a} → ${b} → ${c}`,
      field: 'depends_on_task_id',
      code: 'DEPENDENCY_CYCLE',
      cycle: [c, a, b, c],
    });
    const res = await create({
      position_id: s.position,
      task_id: s.C,
      depends_on_task_id: s.A,
      dependency_type: 'optional',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'DEPENDENCY_CYCLE', message: v.json().error });
    // The same edge at another position is another graph.
    const elsewhere = await insertPosition(t);
    for (const id of [s.A, s.C]) await assignTask(t, elsewhere.id, id);
    expect(
      (await create({ position_id: elsewhere.id, task_id: s.C, depends_on_task_id: s.A })).statusCode,
    ).toBe(201);
  });

  it('validate never answers from facts older than the last commit (the kept graph and assignments)', async () => {
    const s = await setup('A', 'B', 'C');
    const closing = { position_id: s.position, task_id: s.C, depends_on_task_id: s.A };
    const answer = async () => (await validate(closing)).json().code;
    expect(
      (await create({ position_id: s.position, task_id: s.A, depends_on_task_id: s.B })).statusCode,
    ).toBe(201);
    // Asked twice, so the second may come from the kept graph.
    expect(await answer()).toBeNull();
    expect(await answer()).toBeNull();
    // Written past the API (no code path to invalidate anything): seen at once.
    const { db } = t.app.database;
    const [edge] = await db
      .insert(taskDependencies)
      .values({ siteId: 'main', positionId: s.position, taskId: s.B, dependsOnTaskId: s.C })
      .returning({ id: taskDependencies.id });
    expect(await answer()).toBe('DEPENDENCY_CYCLE');
    expect(await answer()).toBe('DEPENDENCY_CYCLE');
    // The path's codes are kept with the facts too: a renamed task is named anew.
    await db
      .update(tasks)
      .set({ taskCode: `A2-${s.position}` })
      .where(eq(tasks.id, s.A));
    expect((await validate(closing)).json().cycle).toEqual([
      `C-${s.position}`,
      `A2-${s.position}`,
      `B-${s.position}`,
      `C-${s.position}`,
    ]);
    expect((await call({ method: 'DELETE', url: `${BASE}/${edge.id}` })).statusCode).toBe(200);
    expect(await answer()).toBeNull();
    // The closing edge itself, once created, is a duplicate.
    expect((await create(closing)).statusCode).toBe(201);
    expect(await answer()).toBe('DEPENDENCY_EXISTS');
    // Assignments are kept with the graph: a task assigned after a refusal is seen too.
    const d = await insertTask(t, { taskCode: `D-${s.position}`, taskName: 'Task D' });
    const toD = { position_id: s.position, task_id: s.A, depends_on_task_id: d.id };
    expect((await validate(toD)).json().code).toBe('TASK_NOT_ASSIGNED');
    expect((await validate(toD)).json().code).toBe('TASK_NOT_ASSIGNED');
    await assignTask(t, s.position, d.id);
    expect((await validate(toD)).json().code).toBeNull();
  });

  it('treats another site’s position as unknown', async () => {
    const far = await insertPosition(t, { siteId: 'other' });
    const [a, b] = [await insertTask(t, { siteId: 'other' }), await insertTask(t, { siteId: 'other' })];
    for (const x of [a, b]) await assignTask(t, far.id, x.id, 'other');
    const payload = { position_id: far.id, task_id: a.id, depends_on_task_id: b.id };
    expect((await validate(payload)).json()).toMatchObject({ valid: false, field: 'position_id' });
    expect((await create(payload)).statusCode).toBe(400);
    const listed = await call({ method: 'GET', url: `${BASE}?position_id=${far.id}` });
    expect(listed.json().dependencies).toEqual([]);
  });

  it('refuses bad bodies with 400 on the field', async () => {
    const s = await setup('A', 'B');
    const cases: [Record<string, unknown>, string][] = [
      [{ task_id: s.A, depends_on_task_id: s.B, dependency_type: 'needs' }, 'dependency_type'],
      [{ task_id: s.A }, 'depends_on_task_id'],
      [{ task_id: '', depends_on_task_id: s.B }, 'task_id'],
      [{ task_id: s.A, depends_on_task_id: s.B, note: 'x' }, 'note'],
    ];
    for (const [over, field] of cases) {
      const res = await create({ position_id: s.position, ...over });
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().details.map((d: { field: string }) => d.field)).toContain(field);
    }
  });

  it('deletes a dependency; 404 for an unknown or other-site one', async () => {
    const s = await setup('A', 'B');
    const made = await create({ position_id: s.position, task_id: s.A, depends_on_task_id: s.B });
    const id = made.json().dependency.id;
    expect((await call({ method: 'DELETE', url: `${BASE}/${id}` })).statusCode).toBe(200);
    expect((await call({ method: 'DELETE', url: `${BASE}/${id}` })).statusCode).toBe(404);
    // Removed, the reverse is no longer a cycle.
    expect(
      (await create({ position_id: s.position, task_id: s.B, depends_on_task_id: s.A })).statusCode,
    ).toBe(201);
  });

  it('tells which tasks are blocked: a requires or blocks dependency on a task not completed there', async () => {
    const s = await setup('A', 'B', 'C', 'D');
    await create({ position_id: s.position, task_id: s.A, depends_on_task_id: s.B });
    await create({
      position_id: s.position,
      task_id: s.A,
      depends_on_task_id: s.C,
      dependency_type: 'blocks',
    });
    await create({
      position_id: s.position,
      task_id: s.D,
      depends_on_task_id: s.C,
      dependency_type: 'optional',
    });
    await create({ position_id: s.position, task_id: s.B, depends_on_task_id: s.C });
    const blocked = async () => {
      const res = await call({ method: 'GET', url: `${BASE}/blocked?position_id=${s.position}` }, worker);
      expect(res.statusCode).toBe(200);
      return res
        .json()
        .blocked.map((b: { task_id: number; blocked_by: { task_id: number }[] }) => [
          b.task_id,
          b.blocked_by.map((x) => x.task_id),
        ]);
    };
    expect(await blocked()).toEqual([
      [s.A, [s.B, s.C]],
      [s.B, [s.C]],
    ]);
    // C is done at another position, or only started here: still blocking here.
    const elsewhere = await insertPosition(t);
    await logWorkAs(elsewhere.id, s.C, 'completed');
    await logWorkAs(s.position, s.C, 'in_progress');
    expect((await blocked()).map((b: [number]) => b[0])).toEqual([s.A, s.B]);
    await logWorkAs(s.position, s.C, 'completed');
    expect(await blocked()).toEqual([[s.A, [s.B]]]);
    await logWorkAs(s.position, s.B, 'completed');
    expect(await blocked()).toEqual([]);
    expect((await call({ method: 'GET', url: `${BASE}/blocked?position_id=999999` })).statusCode).toBe(404);
    expect((await call({ method: 'GET', url: `${BASE}/blocked` })).statusCode).toBe(400);
  });

  async function logWorkAs(positionId: number, taskId: number, status: string) {
    await t.app.database.db
      .insert(workEntries)
      .values({ siteId: 'main', userId: worker.id, positionId, taskId, status });
  }

  it('never lets an edge into the table that the rules refuse (database checks too)', async () => {
    const s = await setup('A');
    await expect(
      t.app.database.db
        .insert(taskDependencies)
        .values({ siteId: 'main', positionId: s.position, taskId: s.A, dependsOnTaskId: s.A }),
    ).rejects.toThrow();
  });
});
