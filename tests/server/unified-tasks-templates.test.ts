/** The template library (/unified-tasks/templates): generated codes, search, and instances kept on delete. */
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { taskInstances } from '../../server/src/db/schema/index.ts';
import { templateCode, templateCodePrefix, timestampSuffix } from '../../src/domain/tasks.ts';
import { DRIVERS, type TestApp } from './helpers.ts';
import { type Actor, useManagerAndWorker } from './support/actors.ts';
import { insertInstance, insertPosition, insertTemplate } from './support/tasks.ts';

describe.each(DRIVERS)('unified task templates (%s)', (driver) => {
  let t: TestApp;
  let manager: Actor;
  const { call } = useManagerAndWorker(driver, (a) => ({ t, manager } = a));
  const url = '/api/v1/unified-tasks/templates';
  const create = (payload: Record<string, unknown>) => call({ method: 'POST', url, payload });
  const codes = (res: { json(): { templates: { task_code: string }[] } }) =>
    res.json().templates.map((x) => x.task_code);

  it('creates a template with a code generated from the name, priority 1 and active by default', async () => {
    const res = await create({
      task_name: 'Tarkastus Äänieristys',
      category: 'quality',
      duration_minutes: 30,
    });
    expect(res.statusCode).toBe(201);
    const template = res.json().template;
    expect(template.task_code).toMatch(/^TARKASTUS_AANIE_\d{6}$/);
    expect(template).toMatchObject({
      task_name: 'Tarkastus Äänieristys',
      category: 'quality',
      priority: 1,
      duration_minutes: 30,
      is_active: true,
      created_by: manager.id,
    });
  });

  it('never reuses a taken code: on a clash the next free suffix is taken', async () => {
    const now = Date.now();
    const prefix = templateCodePrefix('Fire door check');
    const suffix = timestampSuffix(now);
    await insertTemplate(t, { taskCode: templateCode(prefix, suffix) });
    await insertTemplate(t, { taskCode: templateCode(prefix, suffix + 1) });
    const clock = vi.spyOn(Date, 'now').mockReturnValue(now);
    try {
      const first = await create({ task_name: 'Fire door check' });
      expect(first.statusCode).toBe(201);
      expect(first.json().template.task_code).toBe(templateCode(prefix, suffix + 2));
      const second = await create({ task_name: 'Fire door check' });
      expect(second.json().template.task_code).toBe(templateCode(prefix, suffix + 3));
    } finally {
      clock.mockRestore();
    }
  });

  it.each([
    [{ task_name: 'ab' }, 'task_name', 'minLength'],
    [{ task_name: '   ' }, 'task_name', 'required'],
    [{}, 'task_name', 'required'],
    [{ task_name: 'Valid name', category: 'misc' }, 'category', 'enum'],
    [{ task_name: 'Valid name', priority: 0 }, 'priority', 'minimum'],
    [{ task_name: 'Valid name', duration_minutes: 0 }, 'duration_minutes', 'minimum'],
    [{ task_name: 'Valid name', task_code: 'MINE' }, 'task_code', 'unknown'],
    [{ task_name: 'Valid name', description: 'x'.repeat(2001) }, 'description', 'maxLength'],
  ])('refuses %j with 400 on %s', async (payload, field, rule) => {
    const res = await create(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toContainEqual(expect.objectContaining({ field, rule }));
  });

  it('filters by category and searches ignoring case and Finnish/Swedish accents', async () => {
    const a = (await create({ task_name: 'Äänieristyksen mittaus', category: 'testing' })).json().template;
    const b = (
      await create({ task_name: 'Brandskydd kontroll', category: 'safety', description: 'Årlig' })
    ).json().template;
    for (const term of ['aanieristyksen', 'ÄÄNIERISTYKSEN', 'Aänieristyksen MITT']) {
      expect(
        codes(await call({ method: 'GET', url: `${url}?search=${encodeURIComponent(term)}` })),
      ).toContain(a.task_code);
    }
    // Description counts too, and å folds to a.
    expect(codes(await call({ method: 'GET', url: `${url}?search=arlig` }))).toEqual([b.task_code]);
    // A LIKE wildcard in the term is a literal character.
    expect(codes(await call({ method: 'GET', url: `${url}?search=%25` }))).toEqual([]);
    const safety = await call({ method: 'GET', url: `${url}?category=safety` });
    expect(safety.json().templates.every((x: { category: string }) => x.category === 'safety')).toBe(true);
    expect(codes(safety)).toContain(b.task_code);
    expect((await call({ method: 'GET', url: `${url}?category=cooking` })).statusCode).toBe(400);
    const urgent = (await create({ task_name: 'Urgent fix', priority: 9 })).json().template;
    expect(codes(await call({ method: 'GET', url: `${url}?priority=9` }))).toEqual([urgent.task_code]);
  });

  it('reads, updates (keeping the code) and answers 404 for an unknown template', async () => {
    const made = (await create({ task_name: 'Original name' })).json().template;
    const got = await call({ method: 'GET', url: `${url}/${made.id}` });
    expect(got.json().template).toEqual(made);
    const res = await call({
      method: 'PUT',
      url: `${url}/${made.id}`,
      payload: { task_name: 'New name', priority: 4, is_active: false, template_name: '  ' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().template).toMatchObject({
      task_code: made.task_code,
      task_name: 'New name',
      priority: 4,
      is_active: false,
      template_name: null,
    });
    expect((await call({ method: 'GET', url: `${url}/999999` })).statusCode).toBe(404);
    expect((await call({ method: 'PUT', url: `${url}/999999`, payload: { priority: 2 } })).statusCode).toBe(
      404,
    );
  });

  it('lists a template’s instances: open ones, or with includeCompleted, or at one position', async () => {
    const template = await insertTemplate(t);
    const [p1, p2] = [await insertPosition(t), await insertPosition(t)];
    const open1 = await insertInstance(t, p1.id, { templateId: template.id });
    const open2 = await insertInstance(t, p2.id, { templateId: template.id });
    const done = await insertInstance(t, p2.id, { templateId: template.id, isCompleted: true });
    const ids = async (q: string) =>
      (await call({ method: 'GET', url: `${url}/${template.id}/instances${q}` }))
        .json()
        .instances.map((x: { id: number }) => x.id)
        .sort();
    expect(await ids('')).toEqual([open1.id, open2.id].sort());
    expect(await ids('?includeCompleted=true')).toEqual([open1.id, open2.id, done.id].sort());
    expect(await ids(`?includeCompleted=true&positionId=${p2.id}`)).toEqual([open2.id, done.id].sort());
    expect((await call({ method: 'GET', url: `${url}/999999/instances` })).statusCode).toBe(404);
  });

  it('deleting a template keeps its instances with their code and name', async () => {
    const made = (await create({ task_name: 'Temporary template' })).json().template;
    const position = await insertPosition(t);
    const instance = await insertInstance(t, position.id, {
      templateId: made.id,
      taskCode: made.task_code,
      taskName: made.task_name,
    });
    const res = await call({ method: 'DELETE', url: `${url}/${made.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ outcome: 'deleted', kept_instances: 1 });
    const [kept] = await t.app.database.db
      .select()
      .from(taskInstances)
      .where(eq(taskInstances.id, instance.id));
    expect(kept).toMatchObject({
      templateId: null,
      taskCode: made.task_code,
      taskName: 'Temporary template',
    });
    expect((await call({ method: 'GET', url: `${url}/${made.id}` })).statusCode).toBe(404);
    expect((await call({ method: 'DELETE', url: `${url}/${made.id}` })).statusCode).toBe(404);
  });
});
