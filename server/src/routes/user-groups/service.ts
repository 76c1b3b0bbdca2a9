/**
 * The user-group rules on the server: system groups stay out of reach, codes are
 * generated from the name and unique per site, only active users of the site become members or
 * managers, a group's manager is always one of its members, and clashes are 409s, not 500s.
 */
import { userGroupCode } from '#domain/user-groups.ts';
import { LIMITS } from '#domain/validation.ts';
import { auditDiff } from '../../lib/audit-record.ts';
import { errors, HttpError } from '../../lib/errors.ts';
import { textOrNull, trimmedName } from '../../lib/text-rules.ts';
import * as repo from '../../repositories/user-groups.ts';
import type {
  UserGroupCreateInput,
  UserGroupListInput,
  UserGroupUpdateInput,
} from '../../schemas/user-group.ts';
import type { RequestContext } from '../../types.ts';
import { moveToTrash } from '../trash/bin.ts';

const CODE_TAKEN = 'A user group with this code already exists';
const ALREADY_MEMBER = 'The user is already a member of this group';
const ALREADY_GRANTED = 'This access is already granted';

/** A 400 on one field for a rule the schema cannot know (the state of another record). */
function fieldRule(field: string, rule: string, message: string): HttpError {
  return new HttpError(400, message, { code: 'VALIDATION_ERROR', details: [{ field, message, rule }] });
}

const groupNotFound = () => errors.notFound('User group not found', 'USER_GROUP_NOT_FOUND');

async function loadGroup(ctx: RequestContext, id: number): Promise<repo.UserGroupRow> {
  // Another site's group and a system group are both indistinguishable from a missing one.
  const group = await repo.findGroup(ctx.db, ctx.siteId, id);
  if (!group) throw groupNotFound();
  return group;
}

/** Only active users of the caller's site may join a group or manage one. */
async function assertActiveUser(ctx: RequestContext, userId: number, field: string) {
  if (!(await repo.userActive(ctx.db, ctx.siteId, userId)))
    throw fieldRule(field, 'activeUser', 'Choose an active user of this site');
}

const cleanName = (value: string) => trimmedName('group_name', value, LIMITS.groupNameMin);

async function assertCodeFree(ctx: RequestContext, code: string, exceptId?: number) {
  if (await repo.codeTaken(ctx.db, ctx.siteId, code, exceptId))
    throw errors.conflict('group_code', CODE_TAKEN);
}

export function listUserGroups(ctx: RequestContext, query: UserGroupListInput) {
  return repo.listGroups(ctx.db, ctx.siteId, { activeOnly: query.active_only, groupType: query.group_type });
}

export async function getUserGroup(ctx: RequestContext, id: number) {
  const group = await repo.getGroup(ctx.db, ctx.siteId, id);
  if (!group) throw groupNotFound();
  return { ...group, members: await repo.listMembers(ctx.db, ctx.siteId, id) };
}

export async function createUserGroup(ctx: RequestContext, input: UserGroupCreateInput) {
  const groupName = cleanName(input.group_name);
  const groupCode = input.group_code ?? userGroupCode(groupName);
  // A name of symbols alone ("Ö!") leaves too short a code; it is the code the form shows.
  if (groupCode.length < LIMITS.groupCodeMin)
    throw errors.fieldError('group_code', 'minLength', { min: LIMITS.groupCodeMin });
  await assertCodeFree(ctx, groupCode);
  const managerId = input.manager_user_id ?? null;
  if (managerId !== null) await assertActiveUser(ctx, managerId, 'manager_user_id');

  // The group and its manager's membership commit together or not at all.
  const id = await ctx.db.transaction(async (tx) => {
    const row = await repo.insertGroup(tx, ctx.siteId, {
      groupName,
      groupCode,
      description: textOrNull(input.description),
      groupType: input.group_type ?? 'custom',
      managerUserId: managerId,
      isActive: input.is_active ?? true,
    });
    if (managerId !== null)
      await repo.insertMember(tx, ctx.siteId, {
        groupId: row.id,
        userId: managerId,
        addedBy: ctx.actor.userId,
      });
    await ctx.audit(tx, {
      action: 'user_group.create',
      entity: 'user_group',
      id: row.id,
      changes: auditDiff(null, row),
    });
    return row.id;
  });
  return getUserGroup(ctx, id);
}

export async function updateUserGroup(ctx: RequestContext, id: number, input: UserGroupUpdateInput) {
  const group = await loadGroup(ctx, id);
  const changes: Partial<repo.NewUserGroup> = {};
  if (input.group_name !== undefined) changes.groupName = cleanName(input.group_name);
  if (input.group_code !== undefined && input.group_code !== group.groupCode) {
    await assertCodeFree(ctx, input.group_code, id);
    changes.groupCode = input.group_code;
  }
  if (input.description !== undefined) changes.description = textOrNull(input.description);
  if (input.group_type !== undefined) changes.groupType = input.group_type;
  if (input.is_active !== undefined) changes.isActive = input.is_active;
  const newManager =
    input.manager_user_id !== undefined && input.manager_user_id !== group.managerUserId
      ? input.manager_user_id
      : undefined;
  if (newManager !== undefined) {
    if (newManager !== null) await assertActiveUser(ctx, newManager, 'manager_user_id');
    changes.managerUserId = newManager;
  }

  // A new manager is a member too, as on create.
  await ctx.db.transaction(async (tx) => {
    if (Object.keys(changes).length > 0) await repo.updateGroup(tx, ctx.siteId, id, changes);
    if (newManager)
      await repo.ensureMember(tx, ctx.siteId, {
        groupId: id,
        userId: newManager,
        addedBy: ctx.actor.userId,
      });
    await ctx.audit(tx, {
      action: 'user_group.update',
      entity: 'user_group',
      id,
      changes: auditDiff(group, changes),
    });
  });
  return getUserGroup(ctx, id);
}

export async function deleteUserGroup(ctx: RequestContext, id: number) {
  const group = await loadGroup(ctx, id);
  // Members and position access go with the group (cascade); users and position groups stay.
  const trashItemId = await ctx.db.transaction(async (tx) => {
    const moved = await moveToTrash(ctx, tx, 'user_group', { id }, () =>
      repo.removeGroup(tx, ctx.siteId, id),
    );
    if (!moved.removed) throw groupNotFound();
    await ctx.audit(tx, {
      action: 'user_group.delete',
      entity: 'user_group',
      id,
      changes: auditDiff(group, null),
      details: { trash_item_id: moved.trashItemId },
    });
    return moved.trashItemId;
  });
  return { message: 'User group deleted', trash_item_id: trashItemId };
}

export async function addMember(ctx: RequestContext, groupId: number, userId: number) {
  await loadGroup(ctx, groupId);
  await assertActiveUser(ctx, userId, 'user_id');
  if (await repo.findMember(ctx.db, ctx.siteId, groupId, userId))
    throw errors.conflict('user_id', ALREADY_MEMBER);
  // Two requests at once: the primary key decides, and lib/db-errors answers the same 409.
  await ctx.db.transaction(async (tx) => {
    await repo.insertMember(tx, ctx.siteId, { groupId, userId, addedBy: ctx.actor.userId });
    const changes = { member: { old: null, new: userId } };
    await ctx.audit(tx, { action: 'user_group.member_add', entity: 'user_group', id: groupId, changes });
  });
  const member = await repo.findMember(ctx.db, ctx.siteId, groupId, userId);
  if (!member) throw errors.notFound('The user is not a member of this group', 'MEMBER_NOT_FOUND');
  return member;
}

export async function removeMember(ctx: RequestContext, groupId: number, userId: number) {
  const group = await loadGroup(ctx, groupId);
  if (group.managerUserId === userId)
    throw new HttpError(409, 'The group’s manager stays a member; choose another manager first', {
      code: 'MANAGER_IS_MEMBER',
    });
  await ctx.db.transaction(async (tx) => {
    if (!(await repo.removeMember(tx, ctx.siteId, groupId, userId)))
      throw errors.notFound('The user is not a member of this group', 'MEMBER_NOT_FOUND');
    const changes = { member: { old: userId, new: null } };
    await ctx.audit(tx, { action: 'user_group.member_remove', entity: 'user_group', id: groupId, changes });
  });
  return { message: 'Member removed' };
}

export async function groupsOfUser(ctx: RequestContext, userId: number) {
  if ((await repo.userActive(ctx.db, ctx.siteId, userId)) === undefined)
    throw errors.notFound('User not found', 'USER_NOT_FOUND');
  return repo.groupsOfUser(ctx.db, ctx.siteId, userId);
}

export async function listPositionAccess(ctx: RequestContext, groupId: number) {
  await loadGroup(ctx, groupId);
  return repo.listGrants(ctx.db, ctx.siteId, groupId);
}

export async function grantPositionAccess(ctx: RequestContext, groupId: number, positionGroupId: number) {
  await loadGroup(ctx, groupId);
  if (!(await repo.positionGroupActive(ctx.db, ctx.siteId, positionGroupId)))
    throw fieldRule(
      'position_group_id',
      'activePositionGroup',
      'Choose an active position group of this site',
    );
  if (await repo.findGrant(ctx.db, ctx.siteId, groupId, positionGroupId))
    throw errors.conflict('position_group_id', ALREADY_GRANTED);
  await ctx.db.transaction(async (tx) => {
    await repo.insertGrant(tx, ctx.siteId, {
      userGroupId: groupId,
      positionGroupId,
      grantedBy: ctx.actor.userId,
    });
    const changes = { position_access: { old: null, new: positionGroupId } };
    await ctx.audit(tx, { action: 'user_group.access_grant', entity: 'user_group', id: groupId, changes });
  });
  const grant = await repo.findGrant(ctx.db, ctx.siteId, groupId, positionGroupId);
  if (!grant) throw errors.notFound('No such position access', 'ACCESS_NOT_FOUND');
  return grant;
}

export async function revokePositionAccess(ctx: RequestContext, groupId: number, positionGroupId: number) {
  await loadGroup(ctx, groupId);
  await ctx.db.transaction(async (tx) => {
    if (!(await repo.removeGrant(tx, ctx.siteId, groupId, positionGroupId)))
      throw errors.notFound('This user group has no access to that position group', 'ACCESS_NOT_FOUND');
    const changes = { position_access: { old: positionGroupId, new: null } };
    await ctx.audit(tx, { action: 'user_group.access_revoke', entity: 'user_group', id: groupId, changes });
  });
  return { message: 'Position access revoked' };
}
