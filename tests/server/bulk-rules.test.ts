/**
 * The bulk wizard's one call (POST /position-task-assignments/bulk-rules): existing-task and
 * template rules together in one transaction, refusals by rule and field while the rest go on,
 * skips of what exists, and a dry run that answers exactly what the run then does while writing
 * nothing. On every driver.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { positionTaskAssignments, sites, taskInstances } from '../../server/src/db/schema/index.ts';
import { DRIVERS, type TestApp } from './helpers.ts';
import { type Actor, useManagerAndWorker } from './support/actors.ts';
import { assignTask, insertInstance, insertPosition, insertTask, insertTemplate } from './support/tasks.ts';

const URL = '/api/v1/position-task-assignments/bulk-rules';

describe.each(DRIVERS)('bulk wizard rules (%s)', (driver) => {
  let t: TestApp;
  let manager: Actor;
  let worker: Actor;
  const { call } = useManagerAndWorker(driver, (a) => ({ t, manager, worker } = a));
  beforeAll(async () => {
    await t.app.database.db.insert(sites).values({ id: 'other', name: 'Other site' });
  });

  const run = (payload: unknown, who?: Actor) =>
    call({ method: 'POST', url: URL, payload: payload as object }, who);
  const counts = async (positionIds: number[]) => {
    const db = t.app.database.db;
    const a = (await db.select().from(positionTaskAssignments)).filter((r) =>
      positionIds.includes(r.positionId),
    );
    const i = (await db.select().from(taskInstances)).filter((r) => positionIds.includes(r.positionId));
    return { assignments: a.length, instances: i.length };
  };

  it('runs task and template rules in one call; the dry run answered the same and wrote nothing', async () => {
    const positions = [await insertPosition(t), await insertPosition(t), await insertPosition(t)];
    const ids = positions.map((p) => p.id);
    const [a, b] = [await insertTask(t), await insertTask(t)];
    const template = await insertTemplate(t);
    await assignTask(t, ids[0], a.id);
    await insertInstance(t, ids[1], { templateId: template.id });
    const body = {
      rules: [
        { position_ids: ids, task_ids: [a.id, b.id], is_primary: true },
        { position_ids: ids, template_id: template.id },
      ],
    };

    const preview = await run({ ...body, dry_run: true });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toEqual({
      dry_run: true,
      assignments: { created: 5, skipped: 1 },
      instances: { created: 2, skipped: 1 },
      refused: [],
    });
    expect(await counts(ids)).toEqual({ assignments: 1, instances: 1 });

    const done = await run(body);
    expect(done.statusCode, done.body).toBe(200);
    expect({ ...done.json(), dry_run: true }).toEqual(preview.json());
    expect(await counts(ids)).toEqual({ assignments: 6, instances: 3 });
    const primary = await t.app.database.db
      .select()
      .from(positionTaskAssignments)
      .where(
        and(eq(positionTaskAssignments.positionId, ids[2]), eq(positionTaskAssignments.isPrimary, true)),
      );
    expect(primary).toHaveLength(2);
  });

  it('refuses unknown and inactive positions, tasks and templates by rule and field, and does the rest', async () => {
    const ok = await insertPosition(t);
    const inactive = await insertPosition(t, { isActive: false });
    const elsewhere = await insertPosition(t, { siteId: 'other' });
    const task = await insertTask(t);
    const oldTask = await insertTask(t, { isActive: false });
    const template = await insertTemplate(t);
    const oldTemplate = await insertTemplate(t, { isActive: false });
    const res = await run({
      rules: [
        { position_ids: [ok.id, inactive.id], task_ids: [task.id, oldTask.id] },
        { position_ids: [ok.id, elsewhere.id], template_id: template.id },
        { position_ids: [ok.id], template_id: oldTemplate.id },
        { position_ids: [ok.id], template_id: 2_000_000_000 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const out = res.json();
    expect(out.assignments).toEqual({ created: 1, skipped: 0 });
    expect(out.instances).toEqual({ created: 1, skipped: 0 });
    expect(
      out.refused.map((r: { rule: number; field: string; message: string }) => [r.rule, r.field, r.message]),
    ).toEqual([
      [0, 'rules.0.position_ids.1', 'This position is inactive'],
      [0, 'rules.0.task_ids.1', 'This task is inactive'],
      [1, 'rules.1.position_ids.1', 'Position not found'],
      [2, 'rules.2.template_id', 'This template is inactive'],
      [3, 'rules.3.template_id', 'Template not found'],
    ]);
    expect(await counts([ok.id, inactive.id])).toEqual({ assignments: 1, instances: 1 });
  });

  it('answers 400 naming the field for a rule with both or neither of task_ids and template_id', async () => {
    const p = await insertPosition(t);
    const both = await run({ rules: [{ position_ids: [p.id], task_ids: [1], template_id: 1 }] });
    expect(both.statusCode).toBe(400);
    expect(both.json().details[0].field).toBe('rules.0.template_id');
    const neither = await run({ rules: [{ position_ids: [p.id] }] });
    expect(neither.statusCode).toBe(400);
    expect(neither.json().details[0].field).toBe('rules.0.task_ids');
    const empty = await run({ rules: [] });
    expect(empty.statusCode).toBe(400);
  });

  it('is for those who may create tasks: a worker gets 403 and nothing is written', async () => {
    const p = await insertPosition(t);
    const task = await insertTask(t);
    const res = await run({ rules: [{ position_ids: [p.id], task_ids: [task.id] }] }, worker);
    expect(res.statusCode).toBe(403);
    expect(await counts([p.id])).toEqual({ assignments: 0, instances: 0 });
  });
});
