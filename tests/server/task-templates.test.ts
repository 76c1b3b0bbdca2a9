import { describe, expect, it } from 'vitest';
import { DRIVERS, type TestApp } from './helpers.ts';
import { type Actor, useManagerAndWorker } from './support/actors.ts';

describe.each(DRIVERS)('legacy task templates (%s)', (driver) => {
  let t: TestApp;
  let manager: Actor;
  let worker: Actor;
  const { call } = useManagerAndWorker(driver, (a) => ({ t, manager, worker } = a));
  const url = '/api/v1/task-templates';
  const valid = (over: Record<string, unknown> = {}) => ({
    name: 'Install fire doors',
    priority: 'high',
    duration_minutes: 120,
    ...over,
  });

  it('creates a template and keeps skills, safety requirements, instructions and dependencies', async () => {
    const res = await call({
      method: 'POST',
      url,
      payload: valid({
        category: 'installation',
        description: 'Doors on floors 2–4',
        required_skills: ['carpentry', '  ', ' fire safety '],
        safety_requirements: ['helmet', 'gloves'],
        instructions: 'Follow the manufacturer’s guide',
        typical_dependencies: [{ depends_on_task: 'Frame walls', dependency_type: 'requires' }],
      }),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().template).toMatchObject({
      name: 'Install fire doors',
      priority: 'high',
      duration_minutes: 120,
      category: 'installation',
      required_skills: ['carpentry', 'fire safety'],
      safety_requirements: ['helmet', 'gloves'],
      instructions: 'Follow the manufacturer’s guide',
      typical_dependencies: [{ depends_on_task: 'Frame walls', dependency_type: 'requires' }],
      is_active: true,
    });
    const got = await call({ method: 'GET', url: `${url}/${res.json().template.id}` }, worker);
    expect(got.json().template).toEqual(res.json().template);
  });

  it.each([
    [{ name: undefined }, 'name', 'required'],
    [{ name: '     ' }, 'name', 'required'],
    [{ priority: undefined }, 'priority', 'required'],
    [{ priority: 'urgent' }, 'priority', 'enum'],
    [{ priority: 2 }, 'priority', 'type'],
    [{ duration_minutes: undefined }, 'duration_minutes', 'required'],
    [{ duration_minutes: 0 }, 'duration_minutes', 'minimum'],
    [{ duration_minutes: -5 }, 'duration_minutes', 'minimum'],
    [{ category: 'painting' }, 'category', 'enum'],
    [
      { typical_dependencies: [{ depends_on_task: 'X', dependency_type: 'maybe' }] },
      'typical_dependencies.0.dependency_type',
      'enum',
    ],
    [{ required_skills: 'carpentry' }, 'required_skills', 'type'],
  ])('refuses %j with 400 on %s', async (over, field, rule) => {
    const res = await call({ method: 'POST', url, payload: valid(over) });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toContainEqual(expect.objectContaining({ field, rule }));
  });

  it('filters by category and priority', async () => {
    await call({
      method: 'POST',
      url,
      payload: valid({ name: 'Low doc task', priority: 'low', category: 'documentation' }),
    });
    await call({
      method: 'POST',
      url,
      payload: valid({ name: 'Critical test', priority: 'critical', category: 'testing' }),
    });
    const names = async (q: string) =>
      (await call({ method: 'GET', url: `${url}?${q}` }, worker))
        .json()
        .templates.map((x: { name: string }) => x.name);
    expect(await names('priority=low')).toEqual(['Low doc task']);
    expect(await names('category=testing&priority=critical')).toEqual(['Critical test']);
    expect(await names('category=testing&priority=low')).toEqual([]);
    expect((await call({ method: 'GET', url: `${url}?priority=urgent` })).statusCode).toBe(400);
  });

  it('bulk-creates all or none, naming the bad template', async () => {
    const before = (await call({ method: 'GET', url })).json().templates.length;
    const bad = await call({
      method: 'POST',
      url: `${url}/bulk-create`,
      payload: { templates: [valid({ name: 'Bulk one' }), valid({ name: ' x ' })] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0]).toMatchObject({ field: 'templates.1.name' });
    expect((await call({ method: 'GET', url })).json().templates.length).toBe(before);

    const ok = await call({
      method: 'POST',
      url: `${url}/bulk-create`,
      payload: { templates: [valid({ name: 'Bulk one' }), valid({ name: 'Bulk two', priority: 'low' })] },
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().created_count).toBe(2);
    expect(ok.json().templates.map((x: { name: string }) => x.name)).toEqual(['Bulk one', 'Bulk two']);
    expect(
      (await call({ method: 'POST', url: `${url}/bulk-create`, payload: { templates: [] } })).statusCode,
    ).toBe(400);
  });

  it('updates and deletes; unknown ids are 404', async () => {
    const made = (await call({ method: 'POST', url, payload: valid({ name: 'To change' }) })).json().template;
    const res = await call({
      method: 'PUT',
      url: `${url}/${made.id}`,
      payload: { priority: 'medium', safety_requirements: [], is_active: false },
    });
    expect(res.json().template).toMatchObject({
      priority: 'medium',
      safety_requirements: [],
      is_active: false,
    });
    expect(
      (await call({ method: 'PUT', url: `${url}/${made.id}`, payload: { duration_minutes: 0 } })).statusCode,
    ).toBe(400);
    expect((await call({ method: 'DELETE', url: `${url}/${made.id}` })).statusCode).toBe(200);
    expect((await call({ method: 'GET', url: `${url}/${made.id}` })).statusCode).toBe(404);
    expect((await call({ method: 'DELETE', url: `${url}/${made.id}` })).statusCode).toBe(404);
    expect((await call({ method: 'DELETE', url: `${url}/${made.id}` }, worker)).statusCode).toBe(403);
  });
});
