/**
 * Authentication and permissions in one place. Every /api route declares `config.access`: a
 * permission, 'authenticated' or 'public'; a route without one fails to register. The bearer
 * token is verified, and the session it names must still be live (infra/live-sessions.ts) on
 * every request; no valid token is 401 and a missing permission is 403. Standard error responses are added to each route's schema.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { hasAnyPermission, hasPermission } from '#domain/permissions.ts';
import { actorRole, customRoleOf, settleRoleChanges } from '../infra/effective-permissions.ts';
import { errors } from '../lib/errors.ts';
import { errorResponse, STANDARD_ERRORS } from '../schemas/common.ts';
import type { AuthContext, RouteAccess } from '../types.ts';

export const API_PREFIX = '/api/v1';

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1] : null;
}

export async function authenticate(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<AuthContext | null> {
  const token = bearerToken(request);
  if (!token) return null;
  const { tokens, revocations, liveSessions } = app.services;
  const claims = await tokens.verify(token);
  if (!claims) return null;
  // The shared revocation, the session row (cached) and the custom role (its shared version) are
  // asked at once: with Redis, the two Redis reads go out together and cost one round trip.
  const [revoked, live, customRole] = await Promise.all([
    revocations ? revocations.isRevoked(claims.sessionId) : false,
    liveSessions.isLive(claims),
    customRoleOf(app.database.db, claims.siteId, claims.userId),
  ]);
  if (revoked || !live) return null;
  const { issuedAt: _, ...auth } = claims;
  // A custom role's holder gets exactly its permissions (infra/effective-permissions.ts).
  return customRole ? { ...auth, customRole } : auth;
}

function addStandardResponses(route: RouteOptions, access: RouteAccess) {
  route.schema ??= {};
  const schema = route.schema as { response?: Record<string, unknown> };
  schema.response ??= {};
  const response = schema.response;
  const codes = [400, 500, 503];
  if (access !== 'public') codes.push(401);
  if (access !== 'public' && access !== 'authenticated') codes.push(403);
  // Fastify reads a body on every method but GET and HEAD, so a DELETE sent with one can be too
  // large or of the wrong type too; and a path parameter past maxParamLength is a 414.
  if (route.method !== 'GET' && route.method !== 'HEAD') codes.push(413, 415);
  if (/[:*]/.test(route.url)) codes.push(414);
  const described: Record<number, string> = { 414: 'A path parameter is longer than the server accepts' };
  for (const code of codes) response[code] ??= errorResponse(STANDARD_ERRORS[code] ?? described[code]);
}

export default fp(async function authorization(app: FastifyInstance) {
  app.decorateRequest('auth', null);

  // A custom-role change is acknowledged only once every process will apply it (its new shared
  // version written): infra/effective-permissions.ts.
  app.addHook('onSend', async (request, _reply, payload) => {
    const failures = await settleRoleChanges(app.database.db);
    for (const err of failures)
      request.log.error({ err }, 'could not share a custom-role change; other processes may apply it late');
    return payload;
  });

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(API_PREFIX)) return;
    const access = route.config?.access;
    if (!access) {
      throw new Error(`Route ${route.method} ${route.url} does not declare config.access`);
    }
    addStandardResponses(route, access);
    if (access === 'public') return;
    const guard = async (request: FastifyRequest, _reply: FastifyReply) => {
      const auth = await authenticate(app, request);
      if (!auth) throw errors.unauthorized();
      request.auth = auth;
      if (access === 'authenticated') return;
      const role = actorRole(auth);
      const allowed =
        typeof access === 'string' ? hasPermission(role, access) : hasAnyPermission(role, access.anyOf);
      if (!allowed) throw errors.forbidden();
    };
    const existing = route.onRequest
      ? Array.isArray(route.onRequest)
        ? route.onRequest
        : [route.onRequest]
      : [];
    route.onRequest = [guard, ...existing] as typeof route.onRequest;
  });
});

/** The caller's auth context inside a route that is not public. */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw errors.unauthorized();
  return request.auth;
}
