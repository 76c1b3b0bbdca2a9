import { check, index, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { USER_GROUP_TYPES } from '#domain/user-groups.ts';
import { uniqueMessages } from '../unique-messages.ts';
import { createdAt, id, inList, isActive, optionalRef, ref, siteId, updatedAt } from './columns.ts';
import { positionGroups } from './positions.ts';
import { users } from './users.ts';

export const userGroups = pgTable(
  'user_groups',
  {
    id: id(),
    siteId: siteId(),
    groupName: text('group_name').notNull(),
    groupCode: text('group_code').notNull(),
    description: text('description'),
    groupType: text('group_type').notNull().default('custom'),
    managerUserId: optionalRef('manager_user_id', () => users.id),
    isActive: isActive(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('user_groups_site_code_unique').on(t.siteId, t.groupCode),
    index('user_groups_site_active_idx').on(t.siteId, t.isActive),
    check('user_groups_type_check', inList(t.groupType, USER_GROUP_TYPES)),
  ],
);

export const userGroupMembers = pgTable(
  'user_group_members',
  {
    siteId: siteId(),
    groupId: ref('group_id', () => userGroups.id, 'cascade'),
    userId: ref('user_id', () => users.id, 'cascade'),
    addedBy: optionalRef('added_by', () => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] }), index('user_group_members_user_idx').on(t.userId)],
);

/** A user group's access to a position group (a "position access grant"). */
export const userGroupPositionAccess = pgTable(
  'user_group_position_access',
  {
    id: id(),
    siteId: siteId(),
    userGroupId: ref('user_group_id', () => userGroups.id, 'cascade'),
    positionGroupId: ref('position_group_id', () => positionGroups.id, 'cascade'),
    grantedBy: optionalRef('granted_by', () => users.id),
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('user_group_position_access_unique').on(t.userGroupId, t.positionGroupId)],
);

export const userGroupsUnique = uniqueMessages({
  user_groups_site_code_unique: {
    field: 'group_code',
    message: 'A user group with this code already exists',
  },
  user_group_position_access_unique: {
    field: 'position_group_id',
    message: 'This access is already granted',
  },
  user_group_members_group_id_user_id_pk: {
    field: 'user_id',
    message: 'The user is already a member of this group',
  },
});
