/**
 * Sign-in: checks the password under the failed-attempt limits and opens a refresh session.
 * Every failure (unknown email, wrong password, inactive user, unknown site) gives the same 401,
 * and an unknown email spends the same argon2 time as a known one.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { normalizeEmail } from '#domain/email.ts';
import { errors, HttpError } from '../../lib/errors.ts';
import { createSession } from '../../services/sessions.ts';
import { setRefreshCookie } from './cookie.ts';
import { findLoginUser, recordLogin, type SessionUserBody } from './session-user.ts';

export const INVALID_CREDENTIALS = 'Invalid email or password';

const invalidCredentials = () => new HttpError(401, INVALID_CREDENTIALS, { code: 'INVALID_CREDENTIALS' });

export async function signIn(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  input: { email: string; password: string; siteId: string },
): Promise<{ token: string; user: SessionUserBody }> {
  const { loginLimiter, passwords, tokens } = app.services;
  const ip = request.ip;
  // The account key does not depend on whether the user exists, so the limits say nothing either.
  const account = `${input.siteId}\u0000${normalizeEmail(input.email)}`;
  const wait = await loginLimiter.retryAfter(ip, account);
  if (wait > 0) throw errors.tooManyRequests(wait);

  const found = await findLoginUser(app.database.db, input.siteId, input.email);
  let ok = false;
  if (found) ok = await passwords.verify(found.passwordHash, input.password);
  else await passwords.verifyDummy(input.password);
  if (!found || !ok || !found.user.is_active) {
    await loginLimiter.recordFailure(ip, account);
    throw invalidCredentials();
  }
  await loginLimiter.recordSuccess(ip, account);

  const { user } = found;
  await recordLogin(app.database.db, user.id);
  const { session, refreshToken } = await createSession(app, {
    userId: user.id,
    siteId: user.site_id,
    userAgent: request.headers['user-agent'],
    ip,
  });
  setRefreshCookie(request, reply, refreshToken, session.expiresAt);
  const token = await tokens.sign({
    userId: user.id,
    siteId: user.site_id,
    role: user.role,
    sessionId: session.id,
  });
  return { token, user };
}
