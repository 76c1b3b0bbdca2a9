/**
 * The emailed links, used: reading what a link is for, setting the first password with an
 * invitation, asking for a password reset and completing it. All are public: the link's secret
 * is the proof. A reset request answers the same whether or not the address has an account (the
 * email leaves after the answer, so timing says nothing either), and is limited per account and
 * per address whether or not it exists. Completing a reset ends every session and trusted device.
 */
import type { Static } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { normalizeEmail } from '#domain/email.ts';
import { accountLink, hashAccountToken, newAccountToken } from '../../infra/account-tokens.ts';
import { revokeUserSessions } from '../../infra/sessions.ts';
import { emailLanguage, passwordResetEmail } from '../../lib/account-emails.ts';
import { errors, HttpError } from '../../lib/errors.ts';
import { publicUrlOf } from '../../lib/public-url.ts';
import {
  findTokenByHash,
  insertAccountToken,
  pruneOldTokens,
  revokeLiveTokens,
  spendToken,
} from '../../repositories/account-tokens.ts';
import { findLoginUser, raiseCredentialsEpoch, updateAccount } from '../../repositories/auth.ts';
import { findSite } from '../../repositories/site-settings.ts';
import type {
  PasswordLinkQuery,
  PasswordLinkUse,
  PasswordResetRequest,
} from '../../schemas/password-link.ts';
import { requestAuditor } from '../audit-events/writer.ts';

type Purpose = Static<typeof PasswordLinkQuery>['purpose'];

export const RESET_REQUESTED =
  'If an account with this email exists, a link to choose a new password is on its way. It works for 30 minutes.';

const MESSAGES = {
  LINK_INVALID: 'This link is not valid. Ask for a new one.',
  LINK_EXPIRED: 'This link has expired. Ask for a new one.',
  LINK_USED: 'This link has been used already. Ask for a new one if you need to.',
} as const;

function linkError(code: keyof typeof MESSAGES): HttpError {
  const message = MESSAGES[code];
  return new HttpError(400, message, {
    code,
    details: [
      {
        field: 'token',
        message,
        rule: code === 'LINK_INVALID' ? 'invalid' : code === 'LINK_EXPIRED' ? 'expired' : 'used',
      },
    ],
  });
}

/** The link's row and user, or the reason it cannot be used now. */
async function usableLink(app: FastifyInstance, token: string, purpose: Purpose) {
  const found = await findTokenByHash(app.database.db, hashAccountToken(token));
  if (!found || found.token.purpose !== purpose || found.token.revokedAt) throw linkError('LINK_INVALID');
  if (found.token.usedAt) throw linkError('LINK_USED');
  if (found.token.expiresAt.getTime() <= Date.now()) throw linkError('LINK_EXPIRED');
  // A deactivated user's links, and an invitation of someone who has a password meanwhile, were
  // withdrawn when that happened; checked again all the same.
  if (!found.user.isActive || (purpose === 'invitation' && found.user.hasPassword))
    throw linkError('LINK_INVALID');
  return found;
}

export async function inspectLink(app: FastifyInstance, input: Static<typeof PasswordLinkQuery>) {
  const { token, user } = await usableLink(app, input.token, input.purpose);
  return {
    purpose: input.purpose,
    email: user.email,
    first_name: user.firstName,
    expires_at: token.expiresAt.toISOString(),
  };
}

/** Sets the password with a link and spends it, once, however many uses race. */
async function setPasswordWithLink(
  app: FastifyInstance,
  request: FastifyRequest,
  purpose: Purpose,
  input: Static<typeof PasswordLinkUse>,
) {
  const found = await usableLink(app, input.token, purpose);
  const { siteId } = found.token;
  const userId = found.user.id;
  const passwordHash = await app.services.passwords.hash(input.password);
  const audit = requestAuditor(app, request, { siteId, userId });
  await app.database.db.transaction(async (tx) => {
    const spent = await spendToken(tx, hashAccountToken(input.token), purpose);
    if (!spent) throw linkError('LINK_USED');
    await updateAccount(tx, userId, siteId, { passwordHash });
    // Every other link of the user stops working: a second reset email, or an invitation.
    await revokeLiveTokens(tx, siteId, userId);
    if (purpose === 'password_reset') await raiseCredentialsEpoch(tx, userId, siteId);
    await audit(tx, {
      action: purpose === 'invitation' ? 'user.invitation_accept' : 'user.password_reset',
      entity: 'user',
      id: userId,
      changes: { password: 'changed' },
    });
  });
  if (purpose === 'password_reset') await revokeUserSessions(app, userId, 'password reset');
  return { email: found.user.email };
}

export async function acceptInvitation(
  app: FastifyInstance,
  request: FastifyRequest,
  input: Static<typeof PasswordLinkUse>,
) {
  const { email } = await setPasswordWithLink(app, request, 'invitation', input);
  return { message: 'Password set. Sign in with it.', email };
}

export async function completePasswordReset(
  app: FastifyInstance,
  request: FastifyRequest,
  input: Static<typeof PasswordLinkUse>,
) {
  const { email } = await setPasswordWithLink(app, request, 'password_reset', input);
  return { message: 'Password changed. Every session of the account has ended: sign in again.', email };
}

export async function requestPasswordReset(
  app: FastifyInstance,
  request: FastifyRequest,
  input: Static<typeof PasswordResetRequest>,
): Promise<{ message: string }> {
  const { email, site_id: siteId = 'main' } = input;
  const db = app.database.db;
  const wait = await app.services.resetLimiter.take({
    ip: request.ip,
    account: `${siteId}\u0000${normalizeEmail(email)}`,
  });
  if (wait > 0) throw errors.tooManyRequests(wait, 'Too many requests. Please try again later.');
  const site = await findSite(db, siteId);
  if (!site) return { message: RESET_REQUESTED };

  const found = await findLoginUser(db, siteId, email);
  // Only an active account with a password of its own: an invited user's way in is their invitation.
  const user = found?.user.is_active && found.passwordHash !== null ? found.user : undefined;
  const typed = email.trim().slice(0, 254);
  const audit = requestAuditor(app, request, { siteId, userId: null, name: typed });
  const link = await db.transaction(async (tx) => {
    await audit(tx, {
      action: 'auth.password_reset_request',
      entity: 'user',
      id: user?.id ?? null,
      details: { email: typed },
    });
    if (!user) return undefined;
    await pruneOldTokens(tx, user.id);
    const { token, tokenHash, expiresAt } = newAccountToken('password_reset');
    await insertAccountToken(tx, {
      siteId,
      userId: user.id,
      purpose: 'password_reset',
      tokenHash,
      expiresAt,
      createdBy: null,
    });
    return accountLink(publicUrlOf(app.config, request), 'password_reset', token);
  });
  if (user && link) {
    const message = passwordResetEmail(
      emailLanguage(user.language, input.language),
      { name: user.first_name, email: user.email, site: site.name },
      link,
    );
    // Not awaited: the answer must not take longer when the address has an account.
    void app.services.mailer.send({ ...message, to: user.email, link, kind: 'password_reset' });
  }
  return { message: RESET_REQUESTED };
}
