/**
 * Sign-in: checks the password under the failed-attempt limits and opens a refresh session.
 * Every failure (unknown email, wrong password, inactive user, unknown site) gives the same 401,
 * and an unknown email spends the same argon2 time as a known one. A success renews the browser's
 * trusted-device cookie for the account.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { normalizeEmail } from '#domain/email.ts';
import { errors, HttpError } from '../../lib/errors.ts';
import type { LoginAttempt } from '../../services/index.ts';
import { createSession } from '../../services/sessions.ts';
import { readDeviceCookie, setDeviceCookie, setRefreshCookie } from './cookie.ts';
import { findLoginUser, recordLogin, type SessionUserBody } from './session-user.ts';

export const INVALID_CREDENTIALS = 'Invalid email or password';

const invalidCredentials = () => new HttpError(401, INVALID_CREDENTIALS, { code: 'INVALID_CREDENTIALS' });

/**
 * An attempt on an account as the limits see it: the account is the site and normalised email
 * whether or not it exists (so the limits say nothing about existence); the device counts only
 * when this browser's cookie holds one for that very user.
 */
export function loginAttempt(
  app: FastifyInstance,
  request: FastifyRequest,
  account: { siteId: string; email: string; userId?: number },
): LoginAttempt {
  return {
    ip: request.ip,
    account: `${account.siteId}\u0000${normalizeEmail(account.email)}`,
    device:
      account.userId === undefined
        ? undefined
        : app.services.trustedDevices.deviceFor(readDeviceCookie(request), account.userId),
  };
}

export async function signIn(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  input: { email: string; password: string; siteId: string },
): Promise<{ token: string; user: SessionUserBody }> {
  const { loginLimiter, passwords, tokens, trustedDevices } = app.services;
  const found = await findLoginUser(app.database.db, input.siteId, input.email);
  const attempt = loginAttempt(app, request, { ...input, userId: found?.user.id });
  const wait = await loginLimiter.retryAfter(attempt);
  if (wait > 0) throw errors.tooManyRequests(wait);

  let ok = false;
  if (found) ok = await passwords.verify(found.passwordHash, input.password);
  else await passwords.verifyDummy(input.password);
  if (!found || !ok || !found.user.is_active) {
    await loginLimiter.recordFailure(attempt);
    throw invalidCredentials();
  }
  await loginLimiter.recordSuccess(attempt);

  const { user } = found;
  const ip = request.ip;
  await recordLogin(app.database.db, user.id);
  const { session, refreshToken } = await createSession(app, {
    userId: user.id,
    siteId: user.site_id,
    userAgent: request.headers['user-agent'],
    ip,
  });
  setRefreshCookie(request, reply, refreshToken, session.expiresAt);
  setDeviceCookie(
    request,
    reply,
    trustedDevices.remember(readDeviceCookie(request), user.id),
    trustedDevices.ttlSeconds,
  );
  const token = await tokens.sign({
    userId: user.id,
    siteId: user.site_id,
    role: user.role,
    sessionId: session.id,
  });
  return { token, user };
}
