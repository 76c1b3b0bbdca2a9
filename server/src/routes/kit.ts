/**
 * The route kit: what every area's route module repeats, written once.
 * - `routeKit(tag)` builds a route's options from its access, operationId, summary and schemas, so
 *   a route states only what is its own (the standard error answers are added by the authorization
 *   plugin to every route).
 * - `contextOf(app, request)` is the request context services take instead of (app, auth, …): the
 *   database, the caller's site and identity, and the infrastructure a rule may need.
 * - `notFound(...)` / `conflict(...)` are the common extra answers, described once.
 */
import type { FastifyInstance, FastifyRequest, FastifySchema } from 'fastify';
import { revokeUserSessions } from '../infra/sessions.ts';
import { requireAuth } from '../plugins/authorization.ts';
import { liveRecorder } from '../plugins/live-events.ts';
import { errorResponse } from '../schemas/common.ts';
import type { RequestContext, RouteAccess } from '../types.ts';
import { requestAuditor } from './audit-events/writer.ts';

export interface RouteDoc {
  operationId: string;
  summary: string;
  description?: string;
}

/**
 * `op(access, doc, schema)` returns `{ config, schema }` for `app.get(path, op(...), handler)`;
 * the schema's type flows through, so handlers keep their typed params, query and body.
 */
export function routeKit(tag: string) {
  return {
    op<S extends Omit<FastifySchema, 'tags' | 'summary' | 'operationId'>>(
      access: RouteAccess,
      doc: RouteDoc,
      schema: S,
    ) {
      return { config: { access }, schema: { ...schema, ...doc, tags: [tag] } };
    },
  };
}

/** The 404 every by-id route declares; another site's record is a missing one. */
export const notFound = (what: string) => ({ 404: errorResponse(`No such ${what} on this site`) });

/** A 409 answer (unique clash, a rule against the current state). */
export const conflict = (description: string) => ({ 409: errorResponse(description) });

export function contextOf(app: FastifyInstance, request: FastifyRequest): RequestContext {
  const actor = requireAuth(request);
  return {
    db: app.database.db,
    siteId: actor.siteId,
    actor,
    services: app.services,
    sessions: {
      revokeUser: (userId: number, reason: string) => revokeUserSessions(app, userId, reason),
    },
    audit: liveRecorder(request, actor.siteId, requestAuditor(app, request, actor)),
  };
}
