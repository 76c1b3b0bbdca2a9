/**
 * The roles rules: the four built-in roles as src/domain/permissions.ts defines them (what the
 * guard enforces), and a site's custom roles, which sit strictly below their creator, hold only
 * permissions the creator holds, and cannot be deleted while a user holds them (a deleted one goes
 * to the trash).
 */
import type { Static } from '@sinclair/typebox';
import { isBuiltInRoleName, normalizePermissions, permissionsBeyond } from '#domain/custom-roles.ts';
import {
  canEditRole,
  type Permission,
  ROLE_PERMISSIONS,
  ROLE_RANK,
  ROLES,
  roleRank,
} from '#domain/permissions.ts';
import { actorRole, invalidateSiteRoles } from '../../infra/effective-permissions.ts';
import { auditDiff } from '../../lib/audit-record.ts';
import { findPgError } from '../../lib/db-errors.ts';
import { errors, HttpError } from '../../lib/errors.ts';
import * as repo from '../../repositories/roles.ts';
import type { RoleCreate, RoleInfo, RoleUpdate } from '../../schemas/role.ts';
import type { RequestContext } from '../../types.ts';
import { moveToTrash } from '../trash/bin.ts';

type RoleBody = Static<typeof RoleInfo>;

/** Each built-in role's description, in English; the console shows its own translations. */
const DESCRIPTIONS: Record<(typeof ROLES)[number], string> = {
  admin: 'Full access',
  owner: 'Site owner with management abilities',
  manager: 'Team supervisor',
  worker: 'Basic, limited access',
};

const builtInRoles = (): RoleBody[] =>
  ROLES.map((role) => ({
    id: null,
    name: role,
    kind: 'built_in' as const,
    level: ROLE_RANK[role],
    description: DESCRIPTIONS[role],
    permissions: [...ROLE_PERMISSIONS[role]],
    user_count: 0,
    created_at: null,
    updated_at: null,
  }));

function toRoleBody(row: repo.CustomRoleRow, userCount: number): RoleBody {
  return {
    id: row.id,
    name: row.name,
    kind: 'custom',
    level: row.level,
    description: null,
    permissions: normalizePermissions(row.permissions),
    user_count: userCount,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const fieldError = (field: string, message: string, rule: string, params?: Record<string, string | number>) =>
  new HttpError(400, message, { code: 'VALIDATION_ERROR', details: [{ field, message, rule, params }] });

async function cleanName(ctx: RequestContext, value: string, exceptId?: number): Promise<string> {
  const name = value.trim();
  if (name === '') throw errors.fieldError('name', 'required');
  if (isBuiltInRoleName(name)) throw fieldError('name', 'This name belongs to a built-in role', 'reserved');
  if (await repo.nameTaken(ctx.db, ctx.siteId, name, exceptId))
    throw errors.conflict('name', 'A role with this name already exists');
  return name;
}

function checkLevel(ctx: RequestContext, level: number): number {
  const own = roleRank(actorRole(ctx.actor));
  if (!Number.isInteger(level) || level < 1 || level >= own) {
    throw fieldError('level', `The level must be a whole number from 1 to ${own - 1}`, 'range', {
      min: 1,
      max: own - 1,
    });
  }
  return level;
}

function checkPermissions(ctx: RequestContext, permissions: readonly string[]): Permission[] {
  const beyond = permissionsBeyond(actorRole(ctx.actor), permissions);
  if (beyond.length > 0) {
    throw new HttpError(400, `You cannot grant permissions you do not hold: ${beyond.join(', ')}`, {
      code: 'PERMISSION_NOT_ALLOWED',
      details: [
        {
          field: 'permissions',
          message: `You cannot grant permissions you do not hold: ${beyond.join(', ')}`,
          rule: 'subset',
          params: { permissions: beyond.join(',') },
        },
      ],
    });
  }
  return normalizePermissions(permissions);
}

/** Another site's role is a missing one; a role at or above the viewer's level is out of reach. */
async function loadEditable(ctx: RequestContext, id: number): Promise<repo.CustomRoleRow> {
  const row = await repo.customRoleRows.find(ctx.db, ctx.siteId, id);
  if (!row) throw errors.notFound('Role not found', 'ROLE_NOT_FOUND');
  if (!canEditRole(actorRole(ctx.actor), row))
    throw errors.forbidden('You can only change roles below your own level', 'RANK_TOO_LOW');
  return row;
}

export async function listRoles(ctx: RequestContext): Promise<RoleBody[]> {
  const custom = await repo.listCustomRoles(ctx.db, ctx.siteId);
  return [...builtInRoles(), ...custom.map((c) => toRoleBody(c.role, c.userCount))];
}

export async function createRole(ctx: RequestContext, input: Static<typeof RoleCreate>): Promise<RoleBody> {
  const level = checkLevel(ctx, input.level);
  const permissions = checkPermissions(ctx, input.permissions);
  const name = await cleanName(ctx, input.name);
  // The unique index still decides a race; lib/db-errors turns it into the same 409.
  const row = await ctx.db.transaction(async (tx) => {
    const inserted = await repo.customRoleRows.insert(tx, ctx.siteId, {
      name,
      level,
      permissions,
      createdBy: ctx.actor.userId,
    });
    await ctx.audit(tx, {
      action: 'role.create',
      entity: 'role',
      id: inserted.id,
      changes: auditDiff(null, inserted),
    });
    return inserted;
  });
  invalidateSiteRoles(ctx.db, ctx.siteId);
  return toRoleBody(row, 0);
}

export async function updateRole(ctx: RequestContext, id: number, input: Static<typeof RoleUpdate>) {
  const target = await loadEditable(ctx, id);
  const changes: Partial<repo.CustomRoleRow> = {};
  if (input.level !== undefined) changes.level = checkLevel(ctx, input.level);
  if (input.permissions !== undefined) changes.permissions = checkPermissions(ctx, input.permissions);
  if (input.name !== undefined) changes.name = await cleanName(ctx, input.name, id);
  const row = await ctx.db.transaction(async (tx) => {
    const updated =
      Object.keys(changes).length > 0
        ? await repo.customRoleRows.update(tx, ctx.siteId, id, changes)
        : target;
    if (!updated) throw errors.notFound('Role not found', 'ROLE_NOT_FOUND');
    if (changes.name !== undefined) await repo.bumpUsersVersion(tx, ctx.siteId);
    await ctx.audit(tx, { action: 'role.update', entity: 'role', id, changes: auditDiff(target, changes) });
    return updated;
  });
  invalidateSiteRoles(ctx.db, ctx.siteId);
  return toRoleBody(row, await repo.countHolders(ctx.db, ctx.siteId, id));
}

export async function deleteRole(ctx: RequestContext, id: number) {
  const target = await loadEditable(ctx, id);
  const holders = await repo.countHolders(ctx.db, ctx.siteId, id);
  if (holders > 0) throw roleInUse(holders);
  let trashItemId: number | undefined;
  try {
    // To the trash: restorable for 30 days with the same id (no user holds it, so only
    // its own row goes).
    trashItemId = await ctx.db.transaction(async (tx) => {
      const moved = await moveToTrash(ctx, tx, 'role', { id }, () =>
        repo.customRoleRows.remove(tx, ctx.siteId, id),
      );
      await ctx.audit(tx, {
        action: 'role.delete',
        entity: 'role',
        id,
        changes: auditDiff(target, null),
        details: { trash_item_id: moved.trashItemId },
      });
      return moved.trashItemId;
    });
  } catch (err) {
    // Given to a user between the count and the delete: the foreign key refuses it.
    if (findPgError(err)?.code === '23503') throw roleInUse(await repo.countHolders(ctx.db, ctx.siteId, id));
    throw err;
  }
  invalidateSiteRoles(ctx.db, ctx.siteId);
  return { message: 'Role deleted', trash_item_id: trashItemId };
}

function roleInUse(holders: number) {
  const message = `This role is held by ${holders} ${holders === 1 ? 'user' : 'users'}; give them another role first`;
  return new HttpError(409, message, {
    code: 'ROLE_IN_USE',
    details: [{ field: 'id', message, rule: 'in_use', params: { count: holders } }],
  });
}
