/**
 * The refresh cookie and the guard of the refresh call. The cookie is httpOnly (scripts never see
 * it), SameSite=Strict and scoped to /api/v1/auth. The guard keeps the refresh from being fired
 * cross-site: a present Origin must be our own (or an allowed one), and only application/json is
 * accepted, which a plain HTML form cannot send and a cross-site script cannot send without a
 * CORS preflight.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../../lib/errors.ts';
import { API_PREFIX } from '../../plugins/authorization.ts';

export const REFRESH_COOKIE = 'tagger_refresh';
/** The trusted-device cookie (infra/trusted-devices.ts): sent only to the auth endpoints. */
export const DEVICE_COOKIE = 'tagger_device';
const COOKIE_PATH = `${API_PREFIX}/auth`;

export function readRefreshCookie(request: FastifyRequest): string | undefined {
  const value = request.cookies[REFRESH_COOKIE];
  return value ? value : undefined;
}

export function setRefreshCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  expiresAt: Date,
) {
  reply.setCookie(REFRESH_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    path: COOKIE_PATH,
    // Never outlives the session's absolute expiry.
    maxAge: Math.max(0, Math.floor((expiresAt.getTime() - Date.now()) / 1000)),
  });
}

export function clearRefreshCookie(request: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(REFRESH_COOKIE, {
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    path: COOKIE_PATH,
  });
}

export function readDeviceCookie(request: FastifyRequest): string | undefined {
  return request.cookies[DEVICE_COOKIE] || undefined;
}

export function setDeviceCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  value: string,
  ttlSeconds: number,
) {
  reply.setCookie(DEVICE_COOKIE, value, {
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    path: COOKIE_PATH,
    maxAge: ttlSeconds,
  });
}

function mediaType(request: FastifyRequest): string {
  return (request.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
}

/** onRequest guard of POST /auth/refresh: runs before the body is read. */
export function refreshRequestGuard(app: FastifyInstance) {
  return async (request: FastifyRequest) => {
    const origin = request.headers.origin;
    if (origin !== undefined) {
      const own = `${request.protocol}://${request.host}`;
      if (origin !== own && !app.config.allowedOrigins.includes(origin)) {
        throw new HttpError(403, 'Cross-site request refused', { code: 'CROSS_SITE_REQUEST' });
      }
    }
    if (mediaType(request) !== 'application/json') {
      throw new HttpError(415, 'Unsupported content type: send application/json', {
        code: 'UNSUPPORTED_MEDIA_TYPE',
        details: [{ field: 'content-type', message: 'Must be application/json' }],
      });
    }
  };
}
