/**
 * The user-management rules on the server: rank and role checks, per-site email
 * uniqueness, sessions revoked when access shrinks, and work history kept on delete.
 */
import type { Static } from '@sinclair/typebox';
import { normalizeEmail } from '#domain/email.ts';
import { canGiveRole, canManageUser, type Role } from '#domain/permissions.ts';
import { LIMITS } from '#domain/validation.ts';
import { actorRole, customRoleOf, invalidateSiteRoles } from '../../infra/effective-permissions.ts';
import { auditDiff } from '../../lib/audit-record.ts';
import { findPgError } from '../../lib/db-errors.ts';
import { errors, HttpError } from '../../lib/errors.ts';
import { trimmedName } from '../../lib/text-rules.ts';
import { revokeLiveTokens } from '../../repositories/account-tokens.ts';
import { raiseCredentialsEpoch } from '../../repositories/auth.ts';
import * as roleRepo from '../../repositories/roles.ts';
import * as repo from '../../repositories/users.ts';
import type { UserCreate, UserListOptions, UserUpdate } from '../../schemas/user.ts';
import type { RequestContext } from '../../types.ts';
import { assertUserCapacity } from '../site-settings/service.ts';
import { moveToTrash } from '../trash/bin.ts';
import {
  type InvitationAnswer,
  issueInvitation,
  type PendingInvitation,
  sendInvitation,
} from './invitations.ts';
import { loadTarget, rankTooLow } from './target.ts';

const { userRows } = repo;

/** The route's body: the type provider cannot follow the Role $ref, so role arrives as unknown
 * (the schema has checked it already; canGiveRole checks it again). */
type Body<T> = Omit<T, 'role'> & { role?: unknown };
const EMAIL_TAKEN = 'A user with this email already exists';

/** A person's first or last name, trimmed (the profile form uses it too). */
export const cleanName = (field: string, value: string) => trimmedName(field, value, LIMITS.userNameMin);

/**
 * The list: without filters the whole site's as cached JSON text (the users-list cache:
 * repositories/users.ts); with any, read afresh.
 */
export const listUsers = (ctx: RequestContext, query: UserListOptions = {}) =>
  query.search?.trim() || query.role || query.status
    ? repo.listFilteredUsers(ctx.db, ctx.siteId, { ...query, search: query.search?.trim() || undefined })
    : repo.listSiteUsersJson(ctx.db, ctx.siteId);

function roleNotAllowed(role: string, field = 'role'): HttpError {
  const message =
    role === 'admin'
      ? 'Only an admin can give the admin role'
      : 'You cannot give a role above your own, or one with permissions you do not hold';
  return new HttpError(403, message, {
    code: 'ROLE_NOT_ALLOWED',
    details: [{ field, message, rule: 'role' }],
  });
}

async function assertEmailFree(ctx: RequestContext, email: string, exceptId?: number) {
  if (await repo.emailTaken(ctx.db, ctx.siteId, email, exceptId)) throw errors.conflict('email', EMAIL_TAKEN);
}

/**
 * A new user. Without a password they are invited: created without one (they cannot sign in), with
 * a single-use link to set their own, emailed once the user is committed.
 */
export async function createUser(
  ctx: RequestContext,
  input: Body<Static<typeof UserCreate>>,
  publicUrl: string,
): Promise<{ user: repo.ApiUser; invitation?: InvitationAnswer }> {
  const customRole = await assignableCustomRole(ctx, input.custom_role_id);
  // A custom role's holder keeps the least built-in role beside it (db/schema/roles.ts).
  const role = customRole ? 'worker' : String(input.role);
  if (!customRole && !canGiveRole(actorRole(ctx.actor), role)) throw roleNotAllowed(role);
  const email = input.email.trim();
  const firstName = cleanName('first_name', input.first_name);
  const lastName = cleanName('last_name', input.last_name);
  await assertEmailFree(ctx, email);
  const passwordHash =
    input.password === undefined ? null : await ctx.services.passwords.hash(input.password);
  let pending: PendingInvitation | undefined;
  const row = await ctx.db.transaction(async (tx) => {
    if (input.is_active !== false) await assertUserCapacity(tx, ctx.siteId);
    // The unique index still decides a race; lib/db-errors turns it into the same 409.
    const inserted = await userRows.insert(tx, ctx.siteId, {
      firstName,
      lastName,
      email,
      emailNormalized: normalizeEmail(email),
      role: role as Role,
      isActive: input.is_active ?? true,
      passwordHash,
      language: input.language ?? null,
    });
    if (customRole) await roleRepo.setHolder(tx, ctx.siteId, inserted.id, customRole.id);
    const changes = {
      ...auditDiff(null, inserted),
      ...(customRole ? customRoleChange(null, customRole) : {}),
    };
    await ctx.audit(tx, { action: 'user.create', entity: 'user', id: inserted.id, changes });
    // A user added deactivated is invited when activated (Resend): a link now could not be used.
    if (passwordHash === null && inserted.isActive) pending = await issueInvitation(ctx, tx, inserted.id);
    return inserted;
  });
  if (customRole) invalidateSiteRoles(ctx.db, ctx.siteId);
  if (!pending) return { user: repo.toApiUser(row, customRole) };
  const invitation = await sendInvitation(ctx, row, pending, publicUrl);
  return { user: repo.toApiUser(row, customRole, pending.expiresAt), invitation };
}

export async function updateUser(ctx: RequestContext, id: number, input: Body<Static<typeof UserUpdate>>) {
  const target = await loadTarget(ctx, id);
  const held = await customRoleOf(ctx.db, ctx.siteId, target.id);
  if (!canManageUser(actorRole(ctx.actor), held ?? target.role)) throw rankTooLow();
  const changes: repo.UserChanges = {};
  const customChange = input.custom_role_id !== undefined && input.custom_role_id !== (held?.id ?? null);
  const customRole = customChange ? await assignableCustomRole(ctx, input.custom_role_id) : held;
  if (customRole) {
    if (target.role !== 'worker') changes.role = 'worker';
  } else if (input.role !== undefined && (input.role !== target.role || customChange)) {
    const role = String(input.role);
    if (!canGiveRole(actorRole(ctx.actor), role)) throw roleNotAllowed(role);
    changes.role = input.role as Role;
  }
  if (input.first_name !== undefined) changes.firstName = cleanName('first_name', input.first_name);
  if (input.last_name !== undefined) changes.lastName = cleanName('last_name', input.last_name);
  if (input.email !== undefined) {
    changes.email = input.email.trim();
    changes.emailNormalized = normalizeEmail(changes.email);
    if (changes.emailNormalized !== target.emailNormalized) {
      await assertEmailFree(ctx, changes.email, target.id);
    }
  }
  if (input.is_active !== undefined) changes.isActive = input.is_active;
  if (input.password) changes.passwordHash = await ctx.services.passwords.hash(input.password);

  const reactivated = !target.isActive && changes.isActive === true;
  const row = await ctx.db.transaction(async (tx) => {
    if (reactivated) await assertUserCapacity(tx, ctx.siteId);
    const updated = Object.keys(changes).length ? await userRows.update(tx, ctx.siteId, id, changes) : target;
    if (!updated) return undefined;
    // A reset password or a deactivation ends the trust of every browser the user signed in on.
    const deactivated = target.isActive && changes.isActive === false;
    if (changes.passwordHash || deactivated) await raiseCredentialsEpoch(tx, target.id, ctx.siteId);
    // Emailed links went to the old address, or would now undo what the admin just did.
    const emailChanged =
      changes.emailNormalized !== undefined && changes.emailNormalized !== target.emailNormalized;
    if (changes.passwordHash || deactivated || emailChanged)
      await revokeLiveTokens(tx, ctx.siteId, target.id);
    if (customChange) await roleRepo.setHolder(tx, ctx.siteId, target.id, customRole?.id ?? null);
    const audited = {
      ...auditDiff(target, changes),
      ...(customChange ? customRoleChange(held ?? null, customRole ?? null) : {}),
    };
    await ctx.audit(tx, { action: 'user.update', entity: 'user', id, changes: audited });
    return updated;
  });
  if (!row) throw errors.notFound('User not found', 'USER_NOT_FOUND');
  if (customChange) invalidateSiteRoles(ctx.db, ctx.siteId);

  // Tokens carry the role and outlive a deactivation: anything that narrows access ends the sessions.
  const reason =
    target.isActive && row.isActive === false
      ? 'deactivated'
      : changes.role || customChange
        ? 'role changed'
        : changes.passwordHash
          ? 'password changed'
          : undefined;
  if (reason) await ctx.sessions.revokeUser(target.id, reason);
  return repo.toApiUser(row, customRole ?? null);
}

/** The site's custom role named by the body, if the actor may give it; another site's is unknown. */
async function assignableCustomRole(ctx: RequestContext, id: number | null | undefined) {
  if (id === undefined || id === null) return null;
  const row = await roleRepo.customRoleRows.find(ctx.db, ctx.siteId, id);
  if (!row)
    throw errors.badRequest('No such role on this site', 'ROLE_NOT_FOUND', [
      { field: 'custom_role_id', message: 'No such role on this site', rule: 'exists' },
    ]);
  if (!canGiveRole(actorRole(ctx.actor), row)) throw roleNotAllowed(row.name, 'custom_role_id');
  return { id: row.id, name: row.name, level: row.level, permissions: row.permissions };
}

/** A custom role's change as the audit log shows it: by name, as role holders see it. */
const customRoleChange = (before: { name: string } | null, after: { name: string } | null) => ({
  custom_role: { old: before?.name ?? null, new: after?.name ?? null },
});

export type DeleteOutcome =
  | { message: string; outcome: 'deleted'; trash_item_id?: number }
  | { message: string; outcome: 'deactivated'; user: repo.ApiUser };

export async function deleteUser(ctx: RequestContext, id: number): Promise<DeleteOutcome> {
  const target = await loadTarget(ctx, id);
  if (target.id === ctx.actor.userId)
    throw errors.badRequest('You cannot delete your own account', 'SELF_DELETE');
  const held = await customRoleOf(ctx.db, ctx.siteId, target.id);
  if (!canManageUser(actorRole(ctx.actor), held ?? target.role)) throw rankTooLow();

  const deactivate = async (): Promise<DeleteOutcome> => {
    const row = await ctx.db.transaction(async (tx) => {
      const updated = await userRows.update(tx, ctx.siteId, id, { isActive: false });
      await raiseCredentialsEpoch(tx, target.id, ctx.siteId);
      await revokeLiveTokens(tx, ctx.siteId, target.id);
      const changes = auditDiff(target, { isActive: false });
      await ctx.audit(tx, { action: 'user.deactivate', entity: 'user', id, changes });
      return updated;
    });
    await ctx.sessions.revokeUser(target.id, 'deactivated');
    return {
      message: 'The user has work history, so they were deactivated instead of deleted',
      outcome: 'deactivated',
      user: repo.toApiUser(row ?? target, held ?? null),
    };
  };

  if (await repo.hasWorkHistory(ctx.db, target.id)) return deactivate();
  await ctx.sessions.revokeUser(target.id, 'deleted');
  let trashItemId: number | undefined;
  try {
    await ctx.db.transaction(async (tx) => {
      ({ trashItemId } = await moveToTrash(ctx, tx, 'user', { id }, () =>
        userRows.remove(tx, ctx.siteId, id),
      ));
      const changes = auditDiff(target, null);
      const details = { trash_item_id: trashItemId };
      await ctx.audit(tx, { action: 'user.delete', entity: 'user', id, changes, details });
    });
  } catch (err) {
    // A work entry logged between the check and the delete: keep the history all the same.
    if (findPgError(err)?.code === '23503') return deactivate();
    throw err;
  }
  return { message: 'User deleted', outcome: 'deleted', trash_item_id: trashItemId };
}
