/**
 * A resource's standard routes by convention: list, create, get, update and delete, each with its
 * permission, schemas and documented answers, run by the kit's handlers (handlers.ts). A resource
 * states only what is its own: its name, its schemas and service modules, and the summaries that
 * say more than the defaults.
 *
 *   import * as schemas from '../../schemas/position-group.ts';
 *   import * as service from './service.ts';
 *
 *   crudRoutes(app, 'PositionGroup', { schemas, service }, {
 *     conflict: 'A position group with this code already exists on this site',
 *     list: 'Position groups of the caller’s site, with counts',
 *   });
 *
 * From the name 'PositionGroup' (plural 'PositionGroups'):
 * - the routes are the service's functions named as their operations: `listPositionGroups`,
 *   `createPositionGroup`, `getPositionGroup`, `updatePositionGroup`, `deletePositionGroup`. A
 *   function the service does not export is a route the resource does not have. A list function
 *   answers the body, its JSON text, or the array the list schema's one property holds.
 * - the schemas are `PositionGroupList` (and `PositionGroupListQuery` when there is one),
 *   `PositionGroupResponse` (create, get and update answer `{ position_group: … }`),
 *   `PositionGroupCreate`, `PositionGroupUpdate`, and `PositionGroupDeleteResult` (else a message).
 *   TypeScript checks that the schemas module has what the service's functions need.
 * - the OpenAPI tag (the generated client's folder) 'position-groups', the permission area
 *   'position_groups' (`.read` lists and gets; `.create`, `.update`, `.delete`), the record's key
 *   'position_group' and the noun 'position group' of the 404 and the default summaries. Each can
 *   be said otherwise in the options.
 *
 * The operationIds are the service functions' names, so every resource's client hooks are named
 * alike. Routes of a resource's own (an import, a sub-list) are registered beside it as before.
 */
import type { TObject, TSchema } from '@sinclair/typebox';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { PERMISSIONS, type Permission } from '#domain/permissions.ts';
import { IdParams, MessageResponse } from '../schemas/common.ts';
import type { RequestContext } from '../types.ts';
import { EDITED, IfMatchHeaders, isGuardedEntity } from './edit-conflict.ts';
import { byId, byIdResult, created, listed, updated } from './handlers.ts';
import { conflict, notFound, routeKit } from './kit.ts';

// biome-ignore lint/suspicious/noExplicitAny: the service's own input type; the route's schema has checked the value.
type Input = any;

/** An operation's summary, or its summary, description and a 409 of its own. */
type Doc = string | { summary?: string; description?: string; conflict?: string };

/** The functions crudRoutes looks for in a resource's service module, named as their operations. */
type CrudService<One extends string, Many extends string> = {
  [K in `list${Many}`]?: (ctx: RequestContext, query: Input) => Promise<object | string | Buffer>;
} & { [K in `create${One}`]?: (ctx: RequestContext, body: Input) => Promise<unknown> } & {
  [K in `get${One}`]?: (ctx: RequestContext, id: number) => Promise<unknown>;
} & { [K in `update${One}`]?: (ctx: RequestContext, id: number, body: Input) => Promise<unknown> } & {
  [K in `delete${One}`]?: (ctx: RequestContext, id: number) => Promise<unknown>;
};

/** The schemas a service's functions need: list and record always, a body for create and update. */
type CrudSchemas<One extends string, Service> = { [K in `${One}List` | `${One}Response`]: TSchema } & {
  [K in `${One}ListQuery` | `${One}DeleteResult`]?: TSchema;
} & (Service extends { [K in `create${One}`]: unknown } ? { [K in `${One}Create`]: TSchema } : unknown) &
  (Service extends { [K in `update${One}`]: unknown } ? { [K in `${One}Update`]: TSchema } : unknown);

export interface CrudOptions {
  /** The 409 answer of create and update (a unique clash), when there is one. */
  conflict?: string;
  /** Each operation's summary where the default does not say enough (list has no good default). */
  list?: Doc;
  /** A conflict given here replaces the resource's for this route (create and update alike). */
  create?: Doc;
  get?: Doc;
  update?: Doc;
  /** A conflict here is the delete's own (e.g. a role still held). */
  remove?: Doc;
  /** What the name gives otherwise (see above). */
  tag?: string;
  area?: string;
  key?: string;
  noun?: string;
  /** Below the plugin's prefix, e.g. '/instances' (default ''). */
  path?: string;
  /** The by-id routes' params (default IdParams, a positive integer id). */
  params?: TSchema;
}

const words = (name: string) =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(' ');
/** 'an order', 'a user': a noun starting with u is said 'you' (none of ours starts otherwise). */
const article = (noun: string) => (/^[aeio]/.test(noun) ? `an ${noun}` : `a ${noun}`);

/** The one array property of a list body (`{ users: [...] }` → 'users'), to wrap an array the service answers. */
function arrayKey(schema: TSchema): string | undefined {
  const properties = Object.entries((schema as TObject).properties ?? {});
  return properties.length === 1 && properties[0][1].type === 'array' ? properties[0][0] : undefined;
}

export function crudRoutes<One extends string, Service>(
  app: FastifyInstance,
  name: One,
  parts: { service: Service & CrudService<One, `${One}s`>; schemas: CrudSchemas<One, Service> },
  options: CrudOptions = {},
) {
  const many = `${name}s`;
  const service = parts.service as CrudService<string, string>;
  const schemas = parts.schemas as Record<string, TSchema | undefined>;
  const schema = (suffix: string) => {
    const found = schemas[`${name}${suffix}`];
    if (!found) throw new Error(`crudRoutes ${name}: the schemas module has no ${name}${suffix}`);
    return found;
  };
  const noun = options.noun ?? words(name).join(' ');
  const key = options.key ?? words(name).join('_');
  const area = options.area ?? words(many).join('_');
  const { op } = routeKit(options.tag ?? words(many).join('-'));
  const { path = '', params = IdParams } = options;
  const access = (action: string) => {
    const permission = `${area}.${action}` as Permission;
    if (!PERMISSIONS.includes(permission)) throw new Error(`crudRoutes ${name}: no permission ${permission}`);
    return permission;
  };
  /** The route's options: its permission, operationId, summary (given or the default) and schemas. */
  const route = (
    action: string,
    operationId: string,
    given: Doc | undefined,
    fallback: string,
    spec: FastifySchema,
  ) => {
    const { summary = fallback, description } =
      typeof given === 'string' ? { summary: given } : (given ?? {});
    const doc = { operationId, summary, ...(description ? { description } : {}) };
    return op(access(action), doc, spec);
  };
  const clash = (given: Doc | undefined, otherwise?: string) => {
    const description = (typeof given === 'object' ? given.conflict : undefined) ?? otherwise;
    return description ? conflict(description) : {};
  };
  const missing = notFound(noun);
  const record = schema('Response');

  const list = service[`list${many}`];
  if (list) {
    const response = schema('List');
    const query = schemas[`${name}ListQuery`];
    const wrap = arrayKey(response);
    const run = async (ctx: RequestContext, input: Input) => {
      const body = await list(ctx, input);
      return wrap && Array.isArray(body) ? { [wrap]: body } : body;
    };
    const spec = { ...(query ? { querystring: query } : {}), response: { 200: response } };
    const fallback = `${words(many).join(' ')} of the caller’s site`.replace(/^./, (c) => c.toUpperCase());
    app.get(path, route('read', `list${many}`, options.list, fallback, spec), listed(app, run));
  }
  const create = service[`create${name}`];
  if (create) {
    const spec = {
      body: schema('Create'),
      response: { 201: record, ...clash(options.create, options.conflict) },
    };
    app.post(
      path,
      route('create', `create${name}`, options.create, `Create ${article(noun)}`, spec),
      created(app, key, create),
    );
  }
  const get = service[`get${name}`];
  if (get) {
    const spec = { params, response: { 200: record, ...missing } };
    app.get(
      `${path}/:id`,
      route('read', `get${name}`, options.get, `One ${noun}`, spec),
      byId(app, key, get),
    );
  }
  const update = service[`update${name}`];
  if (update) {
    const own =
      (typeof options.update === 'object' ? options.update.conflict : undefined) ?? options.conflict;

    // A save carrying the version it loaded (If-Match) is refused once it is stale.
    // Every resource of the product has its table there (tests/server/edit-conflict.test.ts walks
    // them); a resource without one (a test's own) saves without the check.
    const entity = words(name).join('_');
    const guard = isGuardedEntity(entity) ? entity : undefined;
    const edited = guard ? (own ? `${own}; or ${EDITED}` : EDITED) : own;
    const response = { 200: record, ...missing, ...(edited ? conflict(edited) : {}) };
    const spec = { params, headers: guard ? IfMatchHeaders : undefined, body: schema('Update'), response };
    app.put(
      `${path}/:id`,
      route('update', `update${name}`, options.update, `Update ${article(noun)}`, spec),
      updated(app, key, update, guard),
    );
  }
  const remove = service[`delete${name}`];
  if (remove) {
    const response = {
      200: schemas[`${name}DeleteResult`] ?? MessageResponse,
      ...missing,
      ...clash(options.remove),
    };
    app.delete(
      `${path}/:id`,
      route('delete', `delete${name}`, options.remove, `Delete ${article(noun)}`, { params, response }),
      byIdResult(app, remove),
    );
  }
}
