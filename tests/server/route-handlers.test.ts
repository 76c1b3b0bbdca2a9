/** The server kit's handlers: each runs its service with the request context and answers as every area does. */
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { byId, byIdResult, created, updated } from '../../server/src/routes/handlers.ts';
import type { RequestContext } from '../../server/src/types.ts';

// The context is the kit's (every route test covers it); here it is one marker object.
const ctx = { siteId: 7 } as unknown as RequestContext;
vi.mock('../../server/src/routes/kit.ts', () => ({ contextOf: () => ctx }));

describe('route handlers', () => {
  const app = Fastify();
  const calls: unknown[][] = [];
  const record =
    <R>(answer: R) =>
    async (...args: unknown[]) => {
      calls.push(args);
      return answer;
    };

  beforeAll(async () => {
    const idParams = { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] };
    app.post('/things', created(app, 'thing', record({ id: 1 })));
    app.get('/things/:id', { schema: { params: idParams } }, byId(app, 'thing', record({ id: 2 })));
    app.put('/things/:id', { schema: { params: idParams } }, updated(app, 'thing', record({ id: 3 })));
    app.delete('/things/:id', { schema: { params: idParams } }, byIdResult(app, record({ message: 'gone' })));
    await app.ready();
  });
  afterAll(() => app.close());

  it('create: 201 with the row under its key, the body handed to the service', async () => {
    const res = await app.inject({ method: 'POST', url: '/things', payload: { name: 'A' } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ thing: { id: 1 } });
    expect(calls.at(-1)).toEqual([ctx, { name: 'A' }]);
  });

  it('get and update: the row under its key, with the id from the path', async () => {
    const got = await app.inject({ method: 'GET', url: '/things/5' });
    expect(got.json()).toEqual({ thing: { id: 2 } });
    expect(calls.at(-1)).toEqual([ctx, 5]);
    const put = await app.inject({ method: 'PUT', url: '/things/6', payload: { name: 'B' } });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ thing: { id: 3 } });
    expect(calls.at(-1)).toEqual([ctx, 6, { name: 'B' }]);
  });

  it('delete: the service answer as it is', async () => {
    const res = await app.inject({ method: 'DELETE', url: '/things/8' });
    expect(res.json()).toEqual({ message: 'gone' });
    expect(calls.at(-1)).toEqual([ctx, 8]);
  });
});
