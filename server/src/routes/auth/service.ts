/**
 * Auth's rules: sign-in, refresh and sign-out, and the one place an access token is signed.
 * Every sign-in failure (unknown email, wrong password, inactive user, unknown site) gives the
 * same 401, and an unknown email spends the same argon2 time as a known one; a success renews the
 * browser's trusted-device cookie. A refresh follows the database: a deactivated user's session
 * ends, and a changed role is in the new token.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { normalizeEmail } from '#domain/email.ts';
import type { LoginAttempt } from '../../infra/index.ts';
import {
  createSession,
  findSessionByRefreshToken,
  revokeSession,
  rotateSession,
} from '../../infra/sessions.ts';
import { errors, HttpError } from '../../lib/errors.ts';
import { authenticate } from '../../plugins/authorization.ts';
import {
  findLoginUser,
  loadSessionUser,
  recordLogin,
  type SessionUserBody,
} from '../../repositories/auth.ts';
import { findSite } from '../../repositories/site-settings.ts';
import type { AuthContext } from '../../types.ts';
import { requestAuditor } from '../audit-events/writer.ts';
import {
  clearRefreshCookie,
  readDeviceCookie,
  readRefreshCookie,
  setDeviceCookie,
  setRefreshCookie,
} from './cookie.ts';

export const INVALID_CREDENTIALS = 'Invalid email or password';

const invalidCredentials = () => new HttpError(401, INVALID_CREDENTIALS, { code: 'INVALID_CREDENTIALS' });
const noSession = () => errors.unauthorized('No valid refresh session', 'INVALID_REFRESH_TOKEN');

/** The access token for a user's session: signed here only, from the user as the database has them. */
function issueAccessToken(app: FastifyInstance, user: SessionUserBody, sessionId: string): Promise<string> {
  return app.services.tokens.sign({ userId: user.id, siteId: user.site_id, role: user.role, sessionId });
}

/**
 * An attempt on an account as the limits see it: the account is the site and normalised email
 * whether or not it exists (so the limits say nothing about existence); the device counts only
 * when this browser's cookie holds one for that very user.
 */
export function loginAttempt(
  app: FastifyInstance,
  request: FastifyRequest,
  account: { siteId: string; email: string; userId?: number; credentialsEpoch?: number },
): LoginAttempt {
  return {
    ip: request.ip,
    account: `${account.siteId}\u0000${normalizeEmail(account.email)}`,
    device:
      account.userId === undefined
        ? undefined
        : app.services.trustedDevices.deviceFor(
            readDeviceCookie(request),
            account.userId,
            account.credentialsEpoch ?? 0,
          ),
  };
}

export async function signIn(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  input: { email: string; password: string; siteId: string },
): Promise<{ token: string; user: SessionUserBody }> {
  const { loginLimiter, passwords } = app.services;
  const found = await findLoginUser(app.database.db, input.siteId, input.email);
  const attempt = loginAttempt(app, request, {
    ...input,
    userId: found?.user.id,
    credentialsEpoch: found?.credentialsEpoch,
  });
  const wait = await loginLimiter.retryAfter(attempt);
  if (wait > 0) throw errors.tooManyRequests(wait);

  let ok = false;
  if (found) ok = await passwords.verify(found.passwordHash, input.password);
  else await passwords.verifyDummy(input.password);
  if (!found || !ok || !found.user.is_active) {
    await loginLimiter.recordFailure(attempt);
    await auditFailedSignIn(app, request, input, found?.user.id);
    throw invalidCredentials();
  }
  await loginLimiter.recordSuccess(attempt);

  const { user } = found;
  const audit = requestAuditor(app, request, { siteId: user.site_id, userId: user.id });
  await app.database.db.transaction(async (tx) => {
    await recordLogin(tx, user.id);
    await audit(tx, { action: 'auth.login', entity: 'user', id: user.id });
  });
  const { session, refreshToken } = await createSession(app, {
    userId: user.id,
    siteId: user.site_id,
    userAgent: request.headers['user-agent'],
    ip: request.ip,
  });
  setRefreshCookie(request, reply, refreshToken, session.expiresAt);
  rememberDevice(app, request, reply, user.id, found.credentialsEpoch);
  return { token: await issueAccessToken(app, user, session.id), user };
}

/**
 * A failed sign-in on an existing site: no actor, so the attempted email stands in its place (never
 * the password); the user's id when the email is theirs. An unknown site keeps no log.
 */
async function auditFailedSignIn(
  app: FastifyInstance,
  request: FastifyRequest,
  input: { email: string; siteId: string },
  userId: number | undefined,
) {
  const db = app.database.db;
  if (!(await findSite(db, input.siteId))) return;
  const email = input.email.trim().slice(0, 254);
  const audit = requestAuditor(app, request, { siteId: input.siteId, userId: null, name: email });
  await db.transaction((tx) =>
    audit(tx, { action: 'auth.login_failed', entity: 'user', id: userId ?? null, details: { email } }),
  );
}

/** Renews this browser's trusted-device entry for the user, in their current credentials epoch. */
export function rememberDevice(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
  credentialsEpoch: number,
) {
  const { trustedDevices } = app.services;
  const device = trustedDevices.remember(readDeviceCookie(request), userId, credentialsEpoch);
  setDeviceCookie(request, reply, device, trustedDevices.ttlSeconds);
}

/** A new access token for the refresh cookie's session, whose token is rotated. */
export async function refresh(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<{ token: string }> {
  const presented = readRefreshCookie(request);
  if (!presented) throw noSession();
  const outcome = await rotateSession(app, presented);
  if (!outcome.ok) {
    clearRefreshCookie(request, reply);
    throw noSession();
  }
  const { session } = outcome;
  // The user may have been deactivated or given another role since the session began.
  const user = await loadSessionUser(app.database.db, session.userId, session.siteId);
  if (!user?.is_active) {
    await revokeSession(app, session.id, 'user inactive');
    clearRefreshCookie(request, reply);
    throw noSession();
  }
  // Inside the grace period the browser already holds the rotated cookie from the first answer.
  if (outcome.refreshToken) setRefreshCookie(request, reply, outcome.refreshToken, session.expiresAt);
  return { token: await issueAccessToken(app, user, session.id) };
}

/**
 * Revokes the session named by a valid access token, and the one the refresh cookie belongs to
 * (the only handle left once the access token has expired).
 */
export async function signOut(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  const sessions = new Map<string, { siteId: string; userId: number }>();
  const auth = await authenticate(app, request);
  if (auth) sessions.set(auth.sessionId, auth);
  const presented = readRefreshCookie(request);
  if (presented) {
    const found = await findSessionByRefreshToken(app, presented);
    if (found) sessions.set(found.session.id, found.session);
  }
  for (const [id, who] of sessions) {
    await revokeSession(app, id, 'signed out');
    const audit = requestAuditor(app, request, who);
    await app.database.db.transaction((tx) =>
      audit(tx, { action: 'auth.logout', entity: 'user', id: who.userId }),
    );
  }
  clearRefreshCookie(request, reply);
  return { message: 'Signed out' };
}

/** The signed-in user; a user gone or deactivated since the token was issued is signed out. */
export async function currentUser(app: FastifyInstance, auth: AuthContext): Promise<SessionUserBody> {
  const user = await loadSessionUser(app.database.db, auth.userId, auth.siteId);
  if (!user?.is_active) throw errors.unauthorized();
  return user;
}
