/** Creating instances for many positions: from-template and bulk create, in one transaction. */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { positions, taskInstances } from '../../server/src/db/schema/index.ts';
import { DRIVERS, type TestApp } from './helpers.ts';
import { useManagerAndWorker } from './support/actors.ts';
import { insertPosition, insertTemplate } from './support/tasks.ts';

describe.each(DRIVERS)('bulk task instances (%s)', (driver) => {
  let t: TestApp;
  const { call } = useManagerAndWorker(driver, (a) => {
    t = a.t;
  });
  const fromTemplate = (payload: Record<string, unknown>) =>
    call({ method: 'POST', url: '/api/v1/unified-tasks/instances/from-template', payload });
  const bulk = (payload: Record<string, unknown>) =>
    call({ method: 'POST', url: '/api/v1/unified-tasks/bulk/create-instances', payload });
  const countOf = async (templateId: number) =>
    (await t.app.database.db.select().from(taskInstances).where(eq(taskInstances.templateId, templateId)))
      .length;
  const somePositions = async (n: number) => Promise.all(Array.from({ length: n }, () => insertPosition(t)));

  it('creates one instance per position from the template, and skips positions that already have one open', async () => {
    const template = await insertTemplate(t, {
      taskName: 'Inspect anchors',
      category: 'safety',
      priority: 2,
    });
    const [a, b, c, d] = await somePositions(4);
    const first = await fromTemplate({ template_id: template.id, positions: [a.id, b.id, c.id] });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ created_count: 3, skipped_count: 0, skipped: [] });
    expect(first.json().created[0]).toMatchObject({
      template_id: template.id,
      task_code: template.taskCode,
      task_name: 'Inspect anchors',
      category: 'safety',
      priority: 2,
      is_mandatory: true,
      is_primary: false,
    });

    const second = await fromTemplate({
      template_id: template.id,
      positions: [a.id, b.id, c.id, d.id],
      is_primary: true,
    });
    expect(second.json()).toMatchObject({ created_count: 1, skipped_count: 3 });
    expect(second.json().created[0]).toMatchObject({ position_id: d.id, is_primary: true });
    expect(second.json().skipped).toContainEqual({
      template_id: template.id,
      position_id: a.id,
      reason: 'open_instance_exists',
      message: 'The position already has an open task from this template',
    });
    expect(await countOf(template.id)).toBe(4);

    // A completed instance does not block a new one.
    await t.app.database.db
      .update(taskInstances)
      .set({ isCompleted: true })
      .where(and(eq(taskInstances.templateId, template.id), eq(taskInstances.positionId, a.id)));
    const third = await fromTemplate({ template_id: template.id, positions: [a.id] });
    expect(third.json()).toMatchObject({ created_count: 1, skipped_count: 0 });
  });

  it('refuses the whole call for an inactive or unknown position or template, creating nothing', async () => {
    const template = await insertTemplate(t);
    const [a, b] = await somePositions(2);
    const inactive = await insertPosition(t, { isActive: false });
    const res = await fromTemplate({ template_id: template.id, positions: [a.id, inactive.id, b.id] });
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0]).toMatchObject({ field: 'positions', params: { id: inactive.id } });
    expect((await fromTemplate({ template_id: template.id, positions: [a.id, 999999] })).statusCode).toBe(
      400,
    );
    expect(await countOf(template.id)).toBe(0);

    const off = await insertTemplate(t, { isActive: false });
    const refused = await fromTemplate({ template_id: off.id, positions: [a.id] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details[0]).toMatchObject({ field: 'template_id', rule: 'active' });
    const unknown = await fromTemplate({ template_id: 999999, positions: [a.id] });
    expect(unknown.json().details[0]).toMatchObject({ field: 'template_id', rule: 'exists' });
  });

  it.each([
    [{ positions: [] }, 'positions', 'minItems'],
    [{ positions: [1, 1] }, 'positions', 'uniqueItems'],
    [{ positions: Array.from({ length: 1001 }, (_, i) => i + 1) }, 'positions', 'maxItems'],
    [{ positions: ['x'] }, 'positions.0', 'type'],
    [{ template_id: undefined, positions: [1] }, 'template_id', 'required'],
  ])('refuses a malformed body %#', async (over, field, rule) => {
    const res = await fromTemplate({ template_id: 1, ...over });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toContainEqual(expect.objectContaining({ field, rule }));
  });

  it('creates for 1,000 positions in one call', async () => {
    const template = await insertTemplate(t);
    const rows = await t.app.database.db
      .insert(positions)
      .values(
        Array.from({ length: 1000 }, (_, i) => ({
          siteId: 'main',
          positionCode: `K-${i}`,
          positionName: `K ${i}`,
        })),
      )
      .returning({ id: positions.id });
    const res = await fromTemplate({ template_id: template.id, positions: rows.map((r) => r.id) });
    expect(res.statusCode).toBe(201);
    expect(res.json().created_count).toBe(1000);
    expect(await countOf(template.id)).toBe(1000);
  });

  it('two concurrent calls for the same positions, in opposite orders, create each instance once', async () => {
    const ids = (await somePositions(40)).map((p) => p.id);
    // On PostgreSQL, each inserted row waits a moment, so the two calls' inserts surely overlap
    // (on PGlite they cannot: one connection). Rows inserted in the order given deadlocked here,
    // and one call failed with a 500.
    const slow = driver === 'postgres';
    if (slow)
      await t.app.database.query(`
        create function slow_row() returns trigger language plpgsql as
          $$ begin perform pg_sleep(0.005); return new; end $$;
        create trigger slow_row before insert on task_instances for each row execute function slow_row();`);
    try {
      const template = await insertTemplate(t);
      const [x, y] = await Promise.all([
        fromTemplate({ template_id: template.id, positions: ids }),
        fromTemplate({ template_id: template.id, positions: [...ids].reverse() }),
      ]);
      expect([x.statusCode, y.statusCode]).toEqual([201, 201]);
      expect(x.json().created_count + y.json().created_count).toBe(40);
      expect(x.json().skipped_count + y.json().skipped_count).toBe(40);
      expect(await countOf(template.id)).toBe(40);
    } finally {
      if (slow)
        await t.app.database.query('drop trigger slow_row on task_instances; drop function slow_row()');
    }
  });

  it('bulk create: every template at every position, skipping open pairs', async () => {
    const [t1, t2] = [await insertTemplate(t), await insertTemplate(t)];
    const [a, b] = await somePositions(2);
    await fromTemplate({ template_id: t1.id, positions: [a.id] });
    const res = await bulk({ template_ids: [t1.id, t2.id], position_ids: [a.id, b.id] });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ created_count: 3, skipped_count: 1 });
    expect(res.json().skipped).toEqual([expect.objectContaining({ template_id: t1.id, position_id: a.id })]);

    const inactive = await insertPosition(t, { isActive: false });
    const refused = await bulk({ template_ids: [t1.id], position_ids: [inactive.id] });
    expect(refused.json().details[0].field).toBe('position_ids');
    const off = await insertTemplate(t, { isActive: false });
    const refusedTemplate = await bulk({ template_ids: [t2.id, off.id], position_ids: [b.id] });
    expect(refusedTemplate.json().details[0]).toMatchObject({
      field: 'template_ids',
      params: { id: off.id },
    });
    expect((await bulk({ template_ids: [t1.id] })).statusCode).toBe(400);
  });
});
