/**
 * The signed-in user's own account (the Profile dialog): their name and language, and their password.
 * Rank rules are for managing others and do not apply here. The current password is checked under
 * the sign-in limits of the account, so this endpoint cannot serve as a password oracle; a change
 * ends every other session and trusted device of the user and keeps the one making it.
 */
import type { Static } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { revokeUserSessions } from '../../infra/sessions.ts';
import { auditDiff } from '../../lib/audit-record.ts';
import { errors, HttpError } from '../../lib/errors.ts';
import {
  findCredentials,
  raiseCredentialsEpoch,
  type SessionUserBody,
  updateAccount,
} from '../../repositories/auth.ts';
import { userRows } from '../../repositories/users.ts';
import type { AccountUpdate, PasswordChange } from '../../schemas/account.ts';
import type { AuthContext } from '../../types.ts';
import { requestAuditor } from '../audit-events/writer.ts';
import { cleanName } from '../users/service.ts';
import { currentUser, loginAttempt, rememberDevice } from './service.ts';

export const WRONG_CURRENT_PASSWORD = 'The current password is not correct';

export async function updateOwnAccount(
  app: FastifyInstance,
  request: FastifyRequest,
  auth: AuthContext,
  input: Static<typeof AccountUpdate>,
): Promise<SessionUserBody> {
  const changes: Parameters<typeof updateAccount>[3] = {};
  if (input.first_name !== undefined) changes.firstName = cleanName('first_name', input.first_name);
  if (input.last_name !== undefined) changes.lastName = cleanName('last_name', input.last_name);
  if (input.language !== undefined) changes.language = input.language;
  const audit = requestAuditor(app, request, auth);
  await app.database.db.transaction(async (tx) => {
    const before = await userRows.find(tx, auth.siteId, auth.userId);
    if (Object.keys(changes).length > 0) await updateAccount(tx, auth.userId, auth.siteId, changes);
    await audit(tx, {
      action: 'user.update_own',
      entity: 'user',
      id: auth.userId,
      changes: auditDiff(before, changes),
    });
  });
  return currentUser(app, auth);
}

export async function changeOwnPassword(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  auth: AuthContext,
  input: Static<typeof PasswordChange>,
): Promise<{ message: string }> {
  const { loginLimiter, passwords } = app.services;
  const db = app.database.db;
  const account = await findCredentials(db, auth.userId, auth.siteId);
  if (!account?.isActive) throw errors.unauthorized();
  const attempt = loginAttempt(app, request, {
    siteId: auth.siteId,
    email: account.email,
    userId: auth.userId,
    credentialsEpoch: account.credentialsEpoch,
  });
  const wait = await loginLimiter.retryAfter(attempt);
  if (wait > 0) throw errors.tooManyRequests(wait);
  if (!(await passwords.verify(account.passwordHash, input.current_password))) {
    await loginLimiter.recordFailure(attempt);
    throw new HttpError(400, WRONG_CURRENT_PASSWORD, {
      code: 'WRONG_CURRENT_PASSWORD',
      details: [{ field: 'current_password', message: WRONG_CURRENT_PASSWORD, rule: 'currentPassword' }],
    });
  }
  await loginLimiter.recordSuccess(attempt);
  const passwordHash = await passwords.hash(input.new_password);
  const epoch = await db.transaction(async (tx) => {
    await updateAccount(tx, auth.userId, auth.siteId, { passwordHash });
    const raised = await raiseCredentialsEpoch(tx, auth.userId, auth.siteId);
    const audit = requestAuditor(app, request, auth);
    await audit(tx, {
      action: 'user.change_own_password',
      entity: 'user',
      id: auth.userId,
      changes: { password: 'changed' },
    });
    return raised;
  });
  await revokeUserSessions(app, auth.userId, 'password changed', auth.sessionId);
  // Every other browser's trust ends with the old password; this one proved the current password.
  rememberDevice(app, request, reply, auth.userId, epoch);
  return { message: 'Password changed' };
}
