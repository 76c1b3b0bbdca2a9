/**
 * The route handlers every resource repeats, written once: each runs its service function with the
 * request context (kit.ts contextOf) and answers the way every area answers.
 *
 *   app.post('', op(…), created(app, 'task', createTask));            // 201 { task }
 *   app.get('/:id', op(…), byId(app, 'task', getTask));               // 200 { task }
 *   app.put('/:id', op(…), updated(app, 'task', updateTask));         // 200 { task }
 *   app.delete('/:id', op(…), byIdResult(app, deleteTask));           // 200, the service's answer
 *   app.get('', op(…), listed(app, listTasks));                       // 200, the body or its JSON text
 *
 * TypeBox reads string enums and nullable text (Unsafe schemas) as unknown: the schema has checked
 * the body, so it is handed to the service as the service's own input type.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RequestContext } from '../types.ts';
import { type GuardedEntity, guardedSave } from './edit-conflict.ts';
import { contextOf } from './kit.ts';

type IdRequest = FastifyRequest<{ Params: { id: number } }>;

/** POST: 201 with the created row under `key`. */
export function created<K extends string, B, R>(
  app: FastifyInstance,
  key: K,
  create: (ctx: RequestContext, body: B) => Promise<R>,
) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const row = await create(contextOf(app, request), request.body as B);
    return reply.code(201).send({ [key]: row } as Record<K, R>);
  };
}

/** GET /:id: the row under `key`. */
export function byId<K extends string, R>(
  app: FastifyInstance,
  key: K,
  get: (ctx: RequestContext, id: number) => Promise<R>,
) {
  return async (request: IdRequest) =>
    ({ [key]: await get(contextOf(app, request), request.params.id) }) as Record<K, R>;
}

/**
 * PUT /:id: the updated row under `key`. With `guard` (the record's audit entity), a save carrying
 * If-Match is refused with 409 EDIT_CONFLICT when the record changed since (edit-conflict.ts).
 */
export function updated<K extends string, B, R>(
  app: FastifyInstance,
  key: K,
  update: (ctx: RequestContext, id: number, body: B) => Promise<R>,
  guard?: GuardedEntity,
) {
  return async (request: IdRequest) => {
    const ctx = contextOf(app, request);
    const { id } = request.params;
    const save = (inTx: RequestContext) => update(inTx, id, request.body as B);
    const row = guard ? await guardedSave(ctx, request, guard, id, save) : await save(ctx);
    return { [key]: row } as Record<K, R>;
  };
}

/** DELETE /:id (or any by-id action): the service's own answer. */
export function byIdResult<R>(app: FastifyInstance, run: (ctx: RequestContext, id: number) => Promise<R>) {
  return async (request: IdRequest) => run(contextOf(app, request), request.params.id);
}

/**
 * GET of a list: the service's body, or the JSON text of it that a repository already wrote (a
 * cached list), sent as it is (Fastify sends a string or a Buffer untouched).
 */
export function listed<Q>(
  app: FastifyInstance,
  list: (ctx: RequestContext, query: Q) => Promise<object | string | Buffer>,
) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const body = await list(contextOf(app, request), request.query as Q);
    if (typeof body !== 'string' && !Buffer.isBuffer(body)) return body;
    return reply.type('application/json; charset=utf-8').send(body);
  };
}
