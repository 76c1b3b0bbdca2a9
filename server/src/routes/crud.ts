/**
 * A resource's standard routes from one table: list, create, get, update and delete, each with its
 * permission, schemas and documented answers, run by the kit's handlers (handlers.ts). A resource
 * states only what is its own: its names, summaries, schemas and service functions.
 *
 *   crudRoutes(app, {
 *     tag: 'position-groups', area: 'position_groups', names: ['PositionGroup', 'PositionGroups'],
 *     record: { key: 'position_group', name: 'position group', schema: PositionGroupResponse },
 *     list: { summary: '…', response: PositionGroupList, run: listGroupsJson },
 *     create: { summary: '…', body: PositionGroupCreate, run: createGroup },
 *     …
 *   });
 *
 * The operationIds follow from `names` (listPositionGroups, createPositionGroup, getPositionGroup,
 * updatePositionGroup, deletePositionGroup), so every resource's client hooks are named alike.
 * Routes of a resource's own (an import, a sub-list) are registered beside it as before.
 */
import type { TSchema } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Permission, PermissionArea } from '#domain/permissions.ts';
import { IdParams } from '../schemas/common.ts';
import type { RequestContext } from '../types.ts';
import { byId, byIdResult, created, listed, updated } from './handlers.ts';
import { conflict, notFound, type RouteDoc, routeKit } from './kit.ts';

/** The areas with all four of create, read, update and delete. */
type CrudArea = { [A in PermissionArea]: `${A}.delete` extends Permission ? A : never }[PermissionArea];

type Doc = Omit<RouteDoc, 'operationId'>;
// biome-ignore lint/suspicious/noExplicitAny: the service's own input type; the route's schema has checked the value.
type Input = any;

export interface CrudTable {
  /** The OpenAPI tag, which is also the generated client's folder. */
  tag: string;
  /** Below the plugin's prefix, e.g. '/instances' (default ''). */
  path?: string;
  /** The by-id routes' params (default IdParams, a positive integer id). */
  params?: TSchema;
  /** The permission area: `${area}.read` lists and gets, `.create`, `.update`, `.delete`. */
  area: CrudArea;
  /** [singular, plural] of the operationIds, e.g. ['User', 'Users']. */
  names: [string, string];
  /** The one-record answer of create, get and update: `{ [key]: record }`, and the 404's noun. */
  record: { key: string; name: string; schema: TSchema };
  /** The 409 answer of create and update (a unique clash), when there is one; an entry may say its own. */
  conflict?: string;
  /** GET '': the service's body, or the JSON text of it (a cached list is sent as it is). */
  list?: Doc & {
    query?: TSchema;
    response: TSchema;
    run: (ctx: RequestContext, query: Input) => Promise<object | string | Buffer>;
  };
  create?: Doc & {
    body: TSchema;
    conflict?: string;
    run: (ctx: RequestContext, body: Input) => Promise<unknown>;
  };
  get?: Doc & { run: (ctx: RequestContext, id: number) => Promise<unknown> };
  update?: Doc & {
    body: TSchema;
    conflict?: string;
    run: (ctx: RequestContext, id: number, body: Input) => Promise<unknown>;
  };
  /** DELETE /:id: the service's own answer (a message, or what a delete-or-deactivate did). */
  remove?: Doc & {
    response: TSchema;
    /** A 409 of the delete's own (e.g. a role still held). */
    conflict?: string;
    run: (ctx: RequestContext, id: number) => Promise<unknown>;
  };
}

export function crudRoutes(app: FastifyInstance, table: CrudTable) {
  const { op } = routeKit(table.tag);
  const { area, record, path = '', params = IdParams } = table;
  const byIdPath = `${path}/:id`;
  const [one, many] = table.names;
  const access = (action: 'read' | 'create' | 'update' | 'delete') => `${area}.${action}` as Permission;
  const doc = (verb: string, noun: string, { summary, description }: Doc) => ({
    operationId: `${verb}${noun}`,
    summary,
    ...(description ? { description } : {}),
  });
  const clash = (description?: string) => (description ? conflict(description) : {});
  const missing = notFound(record.name);

  const { list, create, get, update, remove } = table;
  if (list) {
    const schema = { ...(list.query ? { querystring: list.query } : {}), response: { 200: list.response } };
    app.get(path, op(access('read'), doc('list', many, list), schema), listed(app, list.run));
  }
  if (create) {
    const schema = {
      body: create.body,
      response: { 201: record.schema, ...clash(create.conflict ?? table.conflict) },
    };
    app.post(
      path,
      op(access('create'), doc('create', one, create), schema),
      created(app, record.key, create.run),
    );
  }
  if (get) {
    const schema = { params, response: { 200: record.schema, ...missing } };
    app.get(byIdPath, op(access('read'), doc('get', one, get), schema), byId(app, record.key, get.run));
  }
  if (update) {
    const response = { 200: record.schema, ...missing, ...clash(update.conflict ?? table.conflict) };
    const schema = { params, body: update.body, response };
    app.put(
      byIdPath,
      op(access('update'), doc('update', one, update), schema),
      updated(app, record.key, update.run),
    );
  }
  if (remove) {
    const schema = { params, response: { 200: remove.response, ...missing, ...clash(remove.conflict) } };
    app.delete(
      byIdPath,
      op(access('delete'), doc('delete', one, remove), schema),
      byIdResult(app, remove.run),
    );
  }
}
