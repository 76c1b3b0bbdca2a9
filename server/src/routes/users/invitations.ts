/**
 * Invitations: a user created without a password gets a single-use link, valid 7 days, to set
 * their own. The link's row is written in the transaction that makes (or re-invites) the user; the
 * email leaves after it commits. Resend replaces the link; revoke withdraws it (the user stays
 * invited, without a working link, until resent or deleted).
 */
import { ACCOUNT_TOKEN_TTL_SECONDS, accountLink, newAccountToken } from '../../infra/account-tokens.ts';
import type { MailDelivery } from '../../infra/mailer.ts';
import { emailLanguage, invitationEmail } from '../../lib/account-emails.ts';
import { HttpError } from '../../lib/errors.ts';
import { insertAccountToken, pruneOldTokens, revokeLiveTokens } from '../../repositories/account-tokens.ts';
import { findSite } from '../../repositories/site-settings.ts';
import * as repo from '../../repositories/users.ts';
import type { RequestContext } from '../../types.ts';
import { loadManageable } from './target.ts';

export interface PendingInvitation {
  token: string;
  expiresAt: Date;
}

export interface InvitationAnswer {
  expires_at: string;
  delivery: MailDelivery;
  /** Only without SMTP: the admin passes the link on. */
  link?: string;
}

export const INVITATION_DAYS = ACCOUNT_TOKEN_TTL_SECONDS.invitation / 86400;

/** A new link for the invited user, in the caller's transaction; earlier links stop working. */
export async function issueInvitation(
  ctx: RequestContext,
  tx: RequestContext['db'],
  userId: number,
): Promise<PendingInvitation> {
  await revokeLiveTokens(tx, ctx.siteId, userId, ['invitation']);
  await pruneOldTokens(tx, userId);
  const { token, tokenHash, expiresAt } = newAccountToken('invitation');
  await insertAccountToken(tx, {
    siteId: ctx.siteId,
    userId,
    purpose: 'invitation',
    tokenHash,
    expiresAt,
    createdBy: ctx.actor.userId,
  });
  return { token, expiresAt };
}

/** Emails the link (after the commit), in the invited user's language. */
export async function sendInvitation(
  ctx: RequestContext,
  user: repo.UserRow,
  pending: PendingInvitation,
  publicUrl: string,
): Promise<InvitationAnswer> {
  const [inviter, site] = await Promise.all([
    repo.userRows.find(ctx.db, ctx.siteId, ctx.actor.userId),
    findSite(ctx.db, ctx.siteId),
  ]);
  const link = accountLink(publicUrl, 'invitation', pending.token);
  const email = invitationEmail(
    emailLanguage(user.language),
    {
      name: user.firstName,
      inviter: inviter ? `${inviter.firstName} ${inviter.lastName}` : 'Tagger Admin',
      site: site?.name ?? ctx.siteId,
    },
    link,
  );
  const delivery = await ctx.services.mailer.send({ ...email, to: user.email, link, kind: 'invitation' });
  return {
    expires_at: pending.expiresAt.toISOString(),
    delivery,
    ...(delivery === 'logged' ? { link } : {}),
  };
}

const notInvited = () =>
  new HttpError(409, 'This user has already set a password', { code: 'USER_NOT_INVITED' });

async function invitedTarget(ctx: RequestContext, id: number) {
  const found = await loadManageable(ctx, id);
  if (found.target.passwordHash !== null) throw notInvited();
  return found;
}

/** A new link (the old one stops working), emailed again. A deactivated user is not re-invited. */
export async function resendInvitation(ctx: RequestContext, id: number, publicUrl: string) {
  const { target, held } = await invitedTarget(ctx, id);
  if (!target.isActive)
    throw new HttpError(409, 'Activate the user before inviting them again', { code: 'USER_INACTIVE' });
  const { row, pending } = await ctx.db.transaction(async (tx) => {
    const pending = await issueInvitation(ctx, tx, target.id);
    const row = (await repo.touchUser(tx, ctx.siteId, target.id)) ?? target;
    await ctx.audit(tx, { action: 'user.invitation_resend', entity: 'user', id: target.id });
    return { row, pending };
  });
  const invitation = await sendInvitation(ctx, row, pending, publicUrl);
  return { user: repo.toApiUser(row, held ?? null, pending.expiresAt), invitation };
}

/** Withdraws the user's invitation links; the user stays, invited, until resent or deleted. */
export async function revokeInvitation(ctx: RequestContext, id: number) {
  const { target, held } = await invitedTarget(ctx, id);
  const row = await ctx.db.transaction(async (tx) => {
    const revoked = await revokeLiveTokens(tx, ctx.siteId, target.id, ['invitation']);
    const row = (await repo.touchUser(tx, ctx.siteId, target.id)) ?? target;
    await ctx.audit(tx, {
      action: 'user.invitation_revoke',
      entity: 'user',
      id: target.id,
      details: { links: revoked },
    });
    return row;
  });
  return { user: repo.toApiUser(row, held ?? null, null) };
}
