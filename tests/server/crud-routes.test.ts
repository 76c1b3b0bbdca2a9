/**
 * The kit's route table (routes/crud.ts): what a resource's five routes are documented and guarded
 * as, since clients rely on those names (the generated hooks) and on the answers each declares.
 */
import { Type } from '@sinclair/typebox';
import Fastify, { type RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { crudRoutes } from '../../server/src/routes/crud.ts';
import { COMMON_SCHEMAS } from '../../server/src/schemas/index.ts';
import type { RequestContext } from '../../server/src/types.ts';

const ctx = { siteId: 'site-1' } as unknown as RequestContext;
vi.mock('../../server/src/routes/kit.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../server/src/routes/kit.ts')>()),
  contextOf: () => ctx,
}));

/** A resource's schemas module, by the kit's names. */
const schemas = {
  ThingResponse: Type.Object({ thing: Type.Object({ id: Type.Integer() }) }),
  ThingList: Type.Object({ things: Type.Array(Type.Object({ id: Type.Integer() })) }),
  ThingCreate: Type.Object({ name: Type.String() }),
  ThingUpdate: Type.Object({ name: Type.String() }),
};

/** The list's answer: JSON text a repository wrote, a body, or the bare array of the one list property. */
type ListAnswer = 'text' | 'object' | 'array';

function build(list: ListAnswer) {
  const app = Fastify();
  for (const schema of COMMON_SCHEMAS) app.addSchema(schema);
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    if (route.method !== 'HEAD') routes.push(route); // Fastify adds HEAD beside every GET
  });
  // A service module: what it exports is what the resource has (no getThing, so no GET /:id).
  const service = {
    listThings: async () =>
      ({ text: '{"things":[{"id":1}]}', object: { things: [{ id: 1 }] }, array: [{ id: 1 }] })[list],
    createThing: async (_ctx: RequestContext, body: { name: string }) => ({ id: body.name.length + 1 }),
    updateThing: async (_ctx: RequestContext, id: number) => ({ id }),
    deleteThing: async () => ({ message: 'gone' }),
  };
  crudRoutes(
    app,
    'Thing',
    { schemas, service },
    {
      path: '/things',
      area: 'roles',
      conflict: 'Name taken',
      list: 'All things',
      update: { description: 'Renames a thing' },
      remove: { summary: 'Delete', conflict: 'Still in use' },
    },
  );
  return { app, routes };
}

describe('crudRoutes', () => {
  const { app, routes } = build('text');
  beforeAll(() => app.ready());
  afterAll(() => app.close());

  const route = (method: string, url: string) => {
    const found = routes.find((r) => r.method === method && r.url === url);
    if (!found) throw new Error(`no ${method} ${url}`);
    return found;
  };

  it('registers only the routes the table names, each guarded by its area’s permission', () => {
    expect(routes.map((r) => `${r.method} ${r.url}`)).toEqual([
      'GET /things',
      'POST /things',
      'PUT /things/:id',
      'DELETE /things/:id',
    ]);
    expect(routes.map((r) => r.config?.access)).toEqual([
      'roles.read',
      'roles.create',
      'roles.update',
      'roles.delete',
    ]);
  });

  it('names operations from the resource’s names, so every client hook is named alike', () => {
    expect(routes.map((r) => r.schema?.operationId)).toEqual([
      'listThings',
      'createThing',
      'updateThing',
      'deleteThing',
    ]);
    expect(routes.every((r) => (r.schema as { tags?: string[] }).tags?.[0] === 'things')).toBe(true);
  });

  it('documents each route with its given summary, or the default one from the noun', () => {
    const doc = (method: string, url: string) => {
      const { summary, description } = route(method, url).schema as { summary: string; description?: string };
      return { summary, description };
    };
    expect(doc('GET', '/things')).toEqual({ summary: 'All things', description: undefined });
    expect(doc('POST', '/things')).toEqual({ summary: 'Create a thing', description: undefined });
    expect(doc('PUT', '/things/:id')).toEqual({ summary: 'Update a thing', description: 'Renames a thing' });
    expect(doc('DELETE', '/things/:id')).toEqual({ summary: 'Delete', description: undefined });
  });

  it('refuses, when the app starts, a permission area that has no such permission', () => {
    const app = Fastify();
    const service = { deleteThing: async () => ({ message: 'gone' }) };
    expect(() => crudRoutes(app, 'Thing', { schemas, service })).toThrow('no permission things.delete');
  });

  it('takes the tag, permission area, record key and noun from a two-word name', async () => {
    const app = Fastify();
    for (const schema of COMMON_SCHEMAS) app.addSchema(schema);
    const seen: RouteOptions[] = [];
    app.addHook('onRoute', (r) => {
      if (r.method !== 'HEAD') seen.push(r);
    });
    const record = Type.Object({ position_group: Type.Object({ id: Type.Integer() }) });
    const groupSchemas = { PositionGroupResponse: record, PositionGroupList: schemas.ThingList };
    const service = { getPositionGroup: async (_ctx: RequestContext, id: number) => ({ id }) };
    crudRoutes(app, 'PositionGroup', { schemas: groupSchemas, service });
    await app.ready();
    const [get] = seen;
    const schema = get.schema as {
      tags: string[];
      summary: string;
      response: Record<string, { description?: string }>;
    };
    expect([get.url, get.config?.access, schema.tags, schema.summary]).toEqual([
      '/:id',
      'position_groups.read',
      ['position-groups'],
      'One position group',
    ]);
    expect(schema.response['404'].description).toBe('No such position group on this site');
    const answer = await app.inject({ method: 'GET', url: '/7' });
    expect(answer.json()).toEqual({ position_group: { id: 7 } });
    await app.close();
  });

  it('declares 404 on by-id routes and each 409 where it can happen', () => {
    const responses = (method: string, url: string) =>
      (route(method, url).schema?.response ?? {}) as Record<string, { description?: string }>;
    const codes = (method: string, url: string) => Object.keys(responses(method, url));
    expect(codes('POST', '/things')).toEqual(['201', '409']);
    expect(codes('PUT', '/things/:id')).toEqual(['200', '404', '409']);
    expect(codes('DELETE', '/things/:id')).toEqual(['200', '404', '409']);
    expect(responses('DELETE', '/things/:id')['409'].description).toBe('Still in use');
    expect(responses('PUT', '/things/:id')['409'].description).toBe('Name taken');
  });

  it('answers a create with 201 and the record under its key, an update with the id from the path', async () => {
    const created = await app.inject({ method: 'POST', url: '/things', payload: { name: 'A' } });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ thing: { id: 2 } });
    expect(created.headers['content-type']).toContain('application/json');
    const updated = await app.inject({ method: 'PUT', url: '/things/9', payload: { name: 'B' } });
    expect(updated.json()).toEqual({ thing: { id: 9 } });
  });

  it('sends a list the repository wrote as JSON as it is, and serializes one it did not', async () => {
    const text = await app.inject({ method: 'GET', url: '/things' });
    expect(text.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(text.json()).toEqual({ things: [{ id: 1 }] });
    const other = build('object');
    await other.app.ready();
    const object = await other.app.inject({ method: 'GET', url: '/things' });
    expect(object.json()).toEqual({ things: [{ id: 1 }] });
    await other.app.close();
  });

  it('puts a list the service answers as an array under the list schema’s one property', async () => {
    const { app: arrays } = build('array');
    await arrays.ready();
    const answer = await arrays.inject({ method: 'GET', url: '/things' });
    expect(answer.json()).toEqual({ things: [{ id: 1 }] });
    await arrays.close();
  });
});
