/**
 * Bulk assignment (POST /position-task-assignments/bulk-assign): both body shapes, refusals by
 * index and field, existing pairs skipped, one transaction, and a dry run that answers what the
 * real call then does while writing nothing. On every driver.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { positionTaskAssignments, sites } from '../../server/src/db/schema/index.ts';
import { buildTestApp, DRIVERS, type TestApp } from './helpers.ts';
import { type Actor, signInAs } from './support/actors.ts';
import { assignTask, insertPosition, insertTask } from './support/tasks.ts';

const URL = '/api/v1/position-task-assignments/bulk-assign';

describe.each(DRIVERS)('bulk assignment (%s)', (driver) => {
  let t: TestApp;
  let manager: Actor;
  const bodies: string[] = [];

  beforeAll(async () => {
    t = await buildTestApp(driver);
    manager = await signInAs(t, 'manager');
    await t.app.database.db.insert(sites).values({ id: 'other', name: 'Other site' });
  });
  afterAll(async () => {
    expect(bodies.filter((b) => b.includes('"statusCode":500'))).toEqual([]);
    await t?.close();
  });

  async function bulk(payload: unknown) {
    const res = await t.app.inject({
      method: 'POST',
      url: URL,
      payload: payload as object,
      headers: manager.headers,
    });
    bodies.push(res.body);
    return res;
  }
  const pairsOf = async (positionIds: number[]) => {
    const rows = await t.app.database.db.select().from(positionTaskAssignments);
    return rows
      .filter((r) => positionIds.includes(r.positionId))
      .map((r) => `${r.positionId}:${r.taskId}:${r.isPrimary}`)
      .sort();
  };

  it('takes the wizard shape: one entry per position with task_ids and overrides', async () => {
    const positions = [await insertPosition(t), await insertPosition(t), await insertPosition(t)];
    const tasks = [await insertTask(t), await insertTask(t)];
    const res = await bulk({
      assignments: positions.map((p) => ({
        position_id: p.id,
        task_ids: tasks.map((x) => x.id),
        overrides: { is_primary: true },
      })),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ dry_run: false, created: 6, skipped_existing: 0, refused: [] });
    expect(await pairsOf(positions.map((p) => p.id))).toEqual(
      positions.flatMap((p) => tasks.map((x) => `${p.id}:${x.id}:true`)).sort(),
    );
  });

  it('takes the pair shape, skipping pairs already assigned or listed twice', async () => {
    const p = await insertPosition(t);
    const [a, b, c] = [await insertTask(t), await insertTask(t), await insertTask(t)];
    await assignTask(t, p.id, a.id);
    const res = await bulk({
      assignments: [
        { position_id: p.id, task_id: a.id, is_primary: true },
        { position_id: p.id, task_id: b.id, is_primary: true },
        { position_id: p.id, task_id: c.id },
        { position_id: p.id, task_id: b.id },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ created: 2, skipped_existing: 2, refused: [] });
    expect(body.created_pairs).toEqual([
      { position_id: p.id, task_id: b.id },
      { position_id: p.id, task_id: c.id },
    ]);
    // The existing pair keeps its is_primary: skipped means untouched.
    expect(await pairsOf([p.id])).toEqual(
      [`${p.id}:${a.id}:false`, `${p.id}:${b.id}:true`, `${p.id}:${c.id}:false`].sort(),
    );
  });

  it('refuses unknown, other-site and inactive positions and tasks by index and field, and creates the rest', async () => {
    const p = await insertPosition(t);
    const inactiveP = await insertPosition(t, { isActive: false });
    const foreignP = await insertPosition(t, { siteId: 'other' });
    const [a, b] = [await insertTask(t), await insertTask(t)];
    const inactiveT = await insertTask(t, { isActive: false });
    const foreignT = await insertTask(t, { siteId: 'other' });
    const res = await bulk({
      assignments: [
        { position_id: 999999, task_ids: [a.id, b.id] },
        { position_id: inactiveP.id, task_ids: [a.id] },
        { position_id: p.id, task_ids: [a.id, inactiveT.id, 888888, b.id] },
        { position_id: foreignP.id, task_id: a.id },
        { position_id: p.id, task_id: foreignT.id, is_primary: true },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.refused).toEqual([
      { index: 0, field: 'assignments.0.position_id', message: 'Position not found', position_id: 999999 },
      {
        index: 1,
        field: 'assignments.1.position_id',
        message: 'This position is inactive',
        position_id: inactiveP.id,
      },
      {
        index: 2,
        field: 'assignments.2.task_ids.1',
        message: 'This task is inactive',
        position_id: p.id,
        task_id: inactiveT.id,
      },
      {
        index: 2,
        field: 'assignments.2.task_ids.2',
        message: 'Task not found',
        position_id: p.id,
        task_id: 888888,
      },
      {
        index: 3,
        field: 'assignments.3.position_id',
        message: 'Position not found',
        position_id: foreignP.id,
      },
      {
        index: 4,
        field: 'assignments.4.task_id',
        message: 'Task not found',
        position_id: p.id,
        task_id: foreignT.id,
      },
    ]);
    expect(body.created).toBe(2);
    expect(await pairsOf([p.id, inactiveP.id, foreignP.id])).toEqual(
      [`${p.id}:${a.id}:false`, `${p.id}:${b.id}:false`].sort(),
    );
  });

  it('refuses an empty or missing position_id, and an entry without tasks, with 400 naming the field', async () => {
    const task = await insertTask(t);
    const p = await insertPosition(t);
    const cases: [unknown, string][] = [
      [{ assignments: [{ position_id: '', task_ids: [task.id] }] }, 'assignments.0.position_id'],
      [{ assignments: [{ task_ids: [task.id] }] }, 'assignments.0.position_id'],
      [
        { assignments: [{ position_id: p.id }, { position_id: 0, task_id: task.id }] },
        'assignments.1.position_id',
      ],
      [{ assignments: [{ position_id: p.id }] }, 'assignments.0.task_id'],
      [
        { assignments: [{ position_id: p.id, task_id: task.id, task_ids: [task.id] }] },
        'assignments.0.task_ids',
      ],
      [{ assignments: [{ position_id: p.id, task_ids: [] }] }, 'assignments.0.task_ids'],
      [{ assignments: [{ position_id: p.id, task_ids: [task.id, task.id] }] }, 'assignments.0.task_ids'],
      [{ assignments: [] }, 'assignments'],
      [{ assignments: [{ position_id: p.id, task_id: task.id }], dry_run: 'yes' }, 'dry_run'],
    ];
    for (const [payload, field] of cases) {
      const res = await bulk(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(
        res.json().details.map((d: { field: string }) => d.field),
        JSON.stringify(payload),
      ).toContain(field);
    }
    expect(await pairsOf([p.id])).toEqual([]);
  });

  it('refuses more than 10,000 pairs in one call, writing nothing', async () => {
    const p = await insertPosition(t);
    const ids = Array.from({ length: 5001 }, (_, i) => i + 1);
    const res = await bulk({
      assignments: [
        { position_id: p.id, task_ids: ids },
        { position_id: p.id, task_ids: ids },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'TOO_MANY_PAIRS', details: [{ field: 'assignments' }] });
  });

  it('dry run: answers exactly what the real call then does, and writes nothing', async () => {
    const positions = [
      await insertPosition(t),
      await insertPosition(t),
      await insertPosition(t, { isActive: false }),
    ];
    const tasks = [await insertTask(t), await insertTask(t), await insertTask(t, { isActive: false })];
    await assignTask(t, positions[0].id, tasks[0].id);
    const body = {
      assignments: positions.map((p) => ({ position_id: p.id, task_ids: tasks.map((x) => x.id) })),
    };
    const before = await pairsOf(positions.map((p) => p.id));
    const preview = await bulk({ ...body, dry_run: true });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(await pairsOf(positions.map((p) => p.id))).toEqual(before);
    const real = await bulk(body);
    expect(real.statusCode).toBe(200);
    expect({ ...preview.json(), dry_run: false }).toEqual(real.json());
    expect(real.json()).toMatchObject({ created: 3, skipped_existing: 1 });
    expect(real.json().refused).toHaveLength(3);
    // The same call again creates nothing: every pair now exists.
    const again = await bulk(body);
    expect(again.json()).toMatchObject({ created: 0, skipped_existing: 4 });
  });

  it('creates thousands of pairs in one call', async () => {
    const positions: { id: number }[] = [];
    for (let i = 0; i < 50; i++) positions.push(await insertPosition(t));
    const tasks: { id: number }[] = [];
    for (let i = 0; i < 60; i++) tasks.push(await insertTask(t));
    const res = await bulk({
      assignments: positions.map((p) => ({ position_id: p.id, task_ids: tasks.map((x) => x.id) })),
    });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.json()).toMatchObject({ created: 3000, skipped_existing: 0, refused: [] });
    const count = await t.app.database.db
      .select()
      .from(positionTaskAssignments)
      .where(eq(positionTaskAssignments.taskId, tasks[59].id));
    expect(count).toHaveLength(50);
  });
});
