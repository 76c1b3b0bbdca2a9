import { beforeAll, describe, expect, it } from 'vitest';
import { sites } from '../../server/src/db/schema/index.ts';
import { DRIVERS, type TestApp } from './helpers.ts';
import { type Actor, useManagerAndWorker } from './support/actors.ts';
import { insertInstance, insertPosition, insertTemplate } from './support/tasks.ts';

describe.each(DRIVERS)('task instances (%s)', (driver) => {
  let t: TestApp;
  let manager: Actor;
  let worker: Actor;
  const { call } = useManagerAndWorker(driver, (a) => ({ t, manager, worker } = a));
  beforeAll(async () => {
    await t.app.database.db.insert(sites).values({ id: 'far', name: 'Far site' });
  });
  const base = '/api/v1/unified-tasks';
  const create = (payload: Record<string, unknown>) =>
    call({ method: 'POST', url: `${base}/instances`, payload });
  const fieldOf = (res: { json(): { details?: { field: string }[] } }) => res.json().details?.[0]?.field;

  it('creates a one-off instance with priority 1, mandatory and not primary by default', async () => {
    const position = await insertPosition(t, { positionCode: 'A-101', positionName: 'Stair A' });
    const res = await create({ position_id: position.id, task_name: 'Check handrails' });
    expect(res.statusCode).toBe(201);
    expect(res.json().instance).toMatchObject({
      position_id: position.id,
      position_code: 'A-101',
      position_name: 'Stair A',
      template_id: null,
      task_name: 'Check handrails',
      priority: 1,
      is_mandatory: true,
      is_primary: false,
      is_completed: false,
      completed_at: null,
      is_active: true,
    });
  });

  it('copies what is not given from the template, and keeps what is', async () => {
    const position = await insertPosition(t);
    const template = await insertTemplate(t, {
      taskName: 'Template name',
      category: 'testing',
      priority: 3,
      durationMinutes: 90,
      description: 'From the template',
    });
    const res = await create({
      position_id: position.id,
      template_id: template.id,
      priority: 5,
      is_primary: true,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().instance).toMatchObject({
      template_id: template.id,
      task_code: template.taskCode,
      task_name: 'Template name',
      category: 'testing',
      priority: 5,
      duration_minutes: 90,
      description: 'From the template',
      is_primary: true,
    });
    // A second open instance of the same template at the same position is a clash.
    const again = await create({ position_id: position.id, template_id: template.id });
    expect(again.statusCode).toBe(409);
    expect(fieldOf(again)).toBe('template_id');
  });

  it('refuses inactive, unknown and other sites’ positions and templates, naming the field', async () => {
    const active = await insertPosition(t);
    const inactive = await insertPosition(t, { isActive: false });
    const foreign = await insertPosition(t, { siteId: 'far' });
    for (const positionId of [inactive.id, foreign.id, 999999]) {
      const res = await create({ position_id: positionId, task_name: 'Some task' });
      expect(res.statusCode, `position ${positionId}`).toBe(400);
      expect(fieldOf(res)).toBe('position_id');
    }
    const off = await insertTemplate(t, { isActive: false });
    const far = await insertTemplate(t, { siteId: 'far' });
    for (const templateId of [off.id, far.id, 999999]) {
      const res = await create({ position_id: active.id, template_id: templateId });
      expect(res.statusCode, `template ${templateId}`).toBe(400);
      expect(fieldOf(res)).toBe('template_id');
    }
    expect(fieldOf(await create({ position_id: active.id }))).toBe('task_name');
    expect(fieldOf(await create({ position_id: active.id, task_name: 'x' }))).toBe('task_name');
    expect(fieldOf(await create({ task_name: 'No position' }))).toBe('position_id');
    expect(fieldOf(await create({ position_id: active.id, task_name: 'Bad', category: 'x' }))).toBe(
      'category',
    );
  });

  it('reads, updates and deletes an instance; moving it to an inactive position is refused', async () => {
    const [position, inactive] = [await insertPosition(t), await insertPosition(t, { isActive: false })];
    const made = (await create({ position_id: position.id, task_name: 'Editable task' })).json().instance;
    const url = `${base}/instances/${made.id}`;
    expect((await call({ method: 'GET', url }, worker)).json().instance).toEqual(made);
    const res = await call({
      method: 'PUT',
      url,
      payload: { task_name: 'Edited task', specific_notes: 'Use the north door', is_mandatory: false },
    });
    expect(res.json().instance).toMatchObject({
      task_name: 'Edited task',
      specific_notes: 'Use the north door',
      is_mandatory: false,
    });
    const moved = await call({ method: 'PUT', url, payload: { position_id: inactive.id } });
    expect(moved.statusCode).toBe(400);
    expect(fieldOf(moved)).toBe('position_id');
    expect((await call({ method: 'DELETE', url })).json()).toMatchObject({ outcome: 'deleted' });
    expect((await call({ method: 'GET', url })).statusCode).toBe(404);
    expect((await call({ method: 'PUT', url, payload: { priority: 2 } })).statusCode).toBe(404);
  });

  it('completes once, recording who, when and the notes; a second completion is 409', async () => {
    const position = await insertPosition(t);
    const made = (await create({ position_id: position.id, task_name: 'Finish me' })).json().instance;
    const url = `${base}/instances/${made.id}/complete`;
    const before = Date.now();
    const res = await call({ method: 'POST', url, payload: { notes: '  All bolts torqued  ' } });
    expect(res.statusCode).toBe(200);
    const done = res.json().instance;
    expect(done).toMatchObject({
      is_completed: true,
      completed_by: manager.id,
      completed_by_name: 'Test manager',
      completion_notes: 'All bolts torqued',
    });
    expect(Date.parse(done.completed_at)).toBeGreaterThanOrEqual(before - 1000);
    const twice = await call({ method: 'POST', url, payload: {} });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('ALREADY_COMPLETED');
    // Notes are optional.
    const other = (await create({ position_id: position.id, task_name: 'No notes' })).json().instance;
    const plain = await call({ method: 'POST', url: `${base}/instances/${other.id}/complete`, payload: {} });
    expect(plain.json().instance).toMatchObject({ is_completed: true, completion_notes: null });
    expect(
      (await call({ method: 'POST', url: `${base}/instances/999999/complete`, payload: {} })).statusCode,
    ).toBe(404);
    // Workers read tasks but do not complete them through this call.
    expect((await call({ method: 'POST', url, payload: {} }, worker)).statusCode).toBe(403);
  });

  it('lists open instances by position, category and accent-insensitive search, paged with a total', async () => {
    const position = await insertPosition(t, { positionCode: 'LIST-1' });
    const names = [
      'Tarkastus Äänieristys',
      'Paloturvallisuus',
      'Åtgärd kontroll',
      'Dokumentointi',
      'Testaus',
    ];
    const made = [];
    for (const [n, name] of names.entries()) {
      made.push(
        await insertInstance(t, position.id, {
          taskName: name,
          category: n % 2 === 0 ? 'quality' : 'safety',
          priority: n + 1,
        }),
      );
    }
    await insertInstance(t, position.id, {
      taskName: 'Tarkastus valmis',
      isCompleted: true,
      category: 'quality',
    });
    const list = async (q: string) => {
      const res = await call(
        { method: 'GET', url: `${base}/instances?positionId=${position.id}&${q}` },
        worker,
      );
      expect(res.statusCode, q).toBe(200);
      return res.json() as { instances: { task_name: string }[]; total: number };
    };
    const names$ = (r: { instances: { task_name: string }[] }) => r.instances.map((x) => x.task_name);

    expect((await list('')).total).toBe(5);
    expect(names$(await list('search=aanieristys'))).toEqual(['Tarkastus Äänieristys']);
    expect(names$(await list('search=%C3%84%C3%A4NIERISTYS'))).toEqual(['Tarkastus Äänieristys']);
    expect(names$(await list('search=atgard'))).toEqual(['Åtgärd kontroll']);
    expect(names$(await list('search=tarkastus&includeCompleted=true')).sort()).toEqual([
      'Tarkastus valmis',
      'Tarkastus Äänieristys',
    ]);
    expect(names$(await list('search=LIST-1')).length).toBe(5);
    expect((await list('category=safety')).total).toBe(2);

    const page = await list('sort=priority&order=desc&limit=2&offset=1');
    expect(page.total).toBe(5);
    expect(names$(page)).toEqual([names[3], names[2]]);
    const past = await list('limit=2&offset=50');
    expect(past).toEqual({ instances: [], total: 5 });
    expect((await call({ method: 'GET', url: `${base}/instances?limit=501` })).statusCode).toBe(400);
    expect((await call({ method: 'GET', url: `${base}/instances?sort=colour` })).statusCode).toBe(400);
  });

  it('per position: instances, available templates and completion stats; unknown position 404', async () => {
    const position = await insertPosition(t);
    const [used, free, inactive] = [
      await insertTemplate(t, { taskName: 'Used template' }),
      await insertTemplate(t, { taskName: 'Free template' }),
      await insertTemplate(t, { taskName: 'Inactive template', isActive: false }),
    ];
    const open = await insertInstance(t, position.id, { templateId: used.id });
    await insertInstance(t, position.id, { isCompleted: true });
    await insertInstance(t, position.id, { isCompleted: true, isActive: false });
    const p = `${base}/positions/${position.id}`;

    const instances = (await call({ method: 'GET', url: `${p}/instances` }, worker)).json();
    expect(instances.instances.map((x: { id: number }) => x.id)).toEqual([open.id]);
    expect((await call({ method: 'GET', url: `${p}/instances?includeCompleted=true` })).json().total).toBe(3);

    const available = async (q = '') =>
      (await call({ method: 'GET', url: `${p}/available-templates${q}` }, worker))
        .json()
        .templates.map((x: { id: number }) => x.id);
    const ids = await available();
    expect(ids).toContain(free.id);
    expect(ids).not.toContain(used.id);
    expect(ids).not.toContain(inactive.id);
    expect(await available('?search=FREE%20templ')).toEqual([free.id]);

    // Inactive instances do not count; done of total.
    expect((await call({ method: 'GET', url: `${p}/completion-stats` }, worker)).json()).toEqual({
      position_id: position.id,
      total: 2,
      completed: 1,
      percent: 50,
    });

    // Once completed, the template is available there again.
    await call({ method: 'POST', url: `${base}/instances/${open.id}/complete`, payload: {} });
    expect(await available()).toContain(used.id);

    for (const path of ['instances', 'available-templates', 'completion-stats']) {
      expect((await call({ method: 'GET', url: `${base}/positions/999999/${path}` })).statusCode).toBe(404);
    }
  });

  it('site completion stats: overall and per category', async () => {
    const res = await call({ method: 'GET', url: `${base}/stats/completion` }, worker);
    expect(res.statusCode).toBe(200);
    const { overall, categories } = res.json();
    const sum = (k: 'total' | 'completed') =>
      categories.reduce((a: number, c: Record<string, number>) => a + c[k], 0);
    expect(overall.total).toBe(sum('total'));
    expect(overall.completed).toBe(sum('completed'));
    expect(overall.percent).toBe(Math.floor((overall.completed * 100) / overall.total));
    expect(categories.map((c: { category: string | null }) => c.category)).toContain('quality');
  });
});
