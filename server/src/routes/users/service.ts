/**
 * The user-management rules of spec §5–§6 on the server: rank and role checks, per-site email
 * uniqueness, sessions revoked when access shrinks, and work history kept on delete.
 */
import type { FastifyInstance } from 'fastify';
import { canAssignRole, canManageUser, type Role } from '#domain/permissions.ts';
import { LIMITS } from '#domain/validation.ts';
import { findPgError } from '../../lib/db-errors.ts';
import { errors, HttpError } from '../../lib/errors.ts';
import * as repo from '../../repositories/users.ts';
import { revokeUserSessions } from '../../services/sessions.ts';
import type { AuthContext } from '../../types.ts';

export interface UserInput {
  first_name?: string;
  last_name?: string;
  email?: string;
  password?: string;
  /** Checked against the Role schema already; canAssignRole checks it again. */
  role?: unknown;
  is_active?: boolean;
}

type CreateInput = Required<Omit<UserInput, 'is_active'>> & UserInput;

const EMAIL_TAKEN = 'A user with this email already exists';

/** Names are trimmed; whitespace alone must not pass the length rule the schema checked. */
function cleanName(field: string, value: string): string {
  const trimmed = value.trim();
  if (trimmed === '') throw errors.fieldError(field, 'required');
  if (trimmed.length < LIMITS.userNameMin)
    throw errors.fieldError(field, 'minLength', { min: LIMITS.userNameMin });
  return trimmed;
}

function roleNotAllowed(role: string): HttpError {
  const message =
    role === 'admin' ? 'Only an admin can give the admin role' : 'You cannot give a role above your own';
  return new HttpError(403, message, {
    code: 'ROLE_NOT_ALLOWED',
    details: [{ field: 'role', message, rule: 'role' }],
  });
}

const rankTooLow = () =>
  errors.forbidden('You can only manage users whose role is below your own', 'RANK_TOO_LOW');

async function assertEmailFree(app: FastifyInstance, siteId: string, email: string, exceptId?: number) {
  if (await repo.emailTaken(app.database.db, siteId, email, exceptId))
    throw errors.conflict('email', EMAIL_TAKEN);
}

async function loadTarget(app: FastifyInstance, auth: AuthContext, id: number): Promise<repo.UserRow> {
  // Another site's user is indistinguishable from a missing one.
  const target = await repo.findUser(app.database.db, auth.siteId, id);
  if (!target) throw errors.notFound('User not found', 'USER_NOT_FOUND');
  return target;
}

export async function createUser(app: FastifyInstance, auth: AuthContext, input: CreateInput) {
  const role = String(input.role);
  if (!canAssignRole(auth.role, role)) throw roleNotAllowed(role);
  const email = input.email.trim();
  const values = {
    firstName: cleanName('first_name', input.first_name),
    lastName: cleanName('last_name', input.last_name),
    email,
    role: role as Role,
    isActive: input.is_active ?? true,
    passwordHash: '',
  };
  await assertEmailFree(app, auth.siteId, email);
  values.passwordHash = await app.services.passwords.hash(input.password);
  // The unique index still decides a race; lib/db-errors turns it into the same 409.
  return repo.toApiUser(await repo.insertUser(app.database.db, auth.siteId, values));
}

export async function updateUser(app: FastifyInstance, auth: AuthContext, id: number, input: UserInput) {
  const target = await loadTarget(app, auth, id);
  if (!canManageUser(auth.role, target.role)) throw rankTooLow();
  const changes: repo.UserChanges = {};
  if (input.role !== undefined && input.role !== target.role) {
    const role = String(input.role);
    if (!canAssignRole(auth.role, role)) throw roleNotAllowed(role);
    changes.role = role as Role;
  }
  if (input.first_name !== undefined) changes.firstName = cleanName('first_name', input.first_name);
  if (input.last_name !== undefined) changes.lastName = cleanName('last_name', input.last_name);
  if (input.email !== undefined) {
    changes.email = input.email.trim();
    if (changes.email.toLowerCase() !== target.email.toLowerCase()) {
      await assertEmailFree(app, auth.siteId, changes.email, target.id);
    }
  }
  if (input.is_active !== undefined) changes.isActive = input.is_active;
  if (input.password) changes.passwordHash = await app.services.passwords.hash(input.password);

  const row =
    Object.keys(changes).length > 0
      ? await repo.updateUser(app.database.db, auth.siteId, id, changes)
      : target;
  if (!row) throw errors.notFound('User not found', 'USER_NOT_FOUND');

  // Tokens carry the role and outlive a deactivation: anything that narrows access ends the sessions.
  const reason =
    target.isActive && row.isActive === false
      ? 'deactivated'
      : changes.role
        ? 'role changed'
        : changes.passwordHash
          ? 'password changed'
          : undefined;
  if (reason) await revokeUserSessions(app, target.id, reason);
  return repo.toApiUser(row);
}

export type DeleteOutcome =
  | { message: string; outcome: 'deleted' }
  | { message: string; outcome: 'deactivated'; user: repo.ApiUser };

export async function deleteUser(
  app: FastifyInstance,
  auth: AuthContext,
  id: number,
): Promise<DeleteOutcome> {
  const target = await loadTarget(app, auth, id);
  if (target.id === auth.userId) throw errors.badRequest('You cannot delete your own account', 'SELF_DELETE');
  if (!canManageUser(auth.role, target.role)) throw rankTooLow();

  const db = app.database.db;
  const deactivate = async (): Promise<DeleteOutcome> => {
    const row = await repo.updateUser(db, auth.siteId, id, { isActive: false });
    await revokeUserSessions(app, target.id, 'deactivated');
    return {
      message: 'The user has work history, so they were deactivated instead of deleted',
      outcome: 'deactivated',
      user: repo.toApiUser(row ?? target),
    };
  };

  if (await repo.hasWorkHistory(db, target.id)) return deactivate();
  await revokeUserSessions(app, target.id, 'deleted');
  try {
    await repo.deleteUser(db, auth.siteId, id);
  } catch (err) {
    // A work entry logged between the check and the delete: keep the history all the same.
    if (findPgError(err)?.code === '23503') return deactivate();
    throw err;
  }
  return { message: 'User deleted', outcome: 'deleted' };
}
