/** User groups: groups of users with members and access to position groups. */
import { type Static, Type } from '@sinclair/typebox';
import {
  CREATABLE_USER_GROUP_TYPES,
  USER_GROUP_CODE_MAX,
  USER_GROUP_CODE_PATTERN,
} from '#domain/user-groups.ts';
import { LIMITS } from '#domain/validation.ts';
import { IdParam, Nullable } from './common.ts';
import { trashedMessage } from './trash.ts';
import { RoleSchema } from './user.ts';

/** An enum rather than a union of literals, so a wrong value names the choices in one message. */
const GroupType = () =>
  Type.Unsafe<(typeof CREATABLE_USER_GROUP_TYPES)[number]>({
    type: 'string',
    enum: [...CREATABLE_USER_GROUP_TYPES],
  });
const name = () => Type.String({ minLength: LIMITS.groupNameMin, maxLength: LIMITS.nameMax });
const code = () =>
  Type.String({
    minLength: LIMITS.groupCodeMin,
    maxLength: USER_GROUP_CODE_MAX,
    pattern: USER_GROUP_CODE_PATTERN,
  });
const description = () => Nullable(Type.String({ maxLength: LIMITS.textMax }));
const timestamp = () => Type.String({ format: 'date-time' });

const groupFields = {
  id: Type.Integer(),
  group_name: Type.String(),
  group_code: Type.String(),
  description: Nullable(Type.String()),
  group_type: GroupType(),
  manager_user_id: Nullable(Type.Integer()),
  manager_first_name: Nullable(Type.String()),
  manager_last_name: Nullable(Type.String()),
  /** Members whose user account is active. */
  active_member_count: Type.Integer(),
  is_active: Type.Boolean(),
  created_at: timestamp(),
  updated_at: timestamp(),
};

/** A user group as lists return it; system groups never leave the server. */
export const UserGroup = Type.Object(groupFields, { $id: 'UserGroup' });

export const UserGroupMember = Type.Object(
  {
    user_id: Type.Integer(),
    first_name: Type.String(),
    last_name: Type.String(),
    email: Type.String(),
    role: Type.Ref(RoleSchema),
    is_active: Type.Boolean(),
    added_at: timestamp(),
  },
  { $id: 'UserGroupMember' },
);

export const UserGroupDetail = Type.Object(
  { ...groupFields, members: Type.Array(Type.Ref(UserGroupMember)) },
  { $id: 'UserGroupDetail' },
);

/** A user group's access to a position group, with who granted it. */
export const PositionAccessGrant = Type.Object(
  {
    id: Type.Integer(),
    position_group_id: Type.Integer(),
    group_name: Type.String(),
    group_code: Type.String(),
    description: Nullable(Type.String()),
    active_position_count: Type.Integer(),
    granted_at: timestamp(),
    granted_by_user_id: Nullable(Type.Integer()),
    granted_by_first_name: Nullable(Type.String()),
    granted_by_last_name: Nullable(Type.String()),
  },
  { $id: 'PositionAccessGrant' },
);

export const UserGroupListQuery = Type.Object({
  active_only: Type.Boolean({ default: true, description: 'false lists inactive groups too' }),
  group_type: Type.Optional(GroupType()),
});

export const UserGroupCreate = Type.Object(
  {
    group_name: name(),
    /** Generated from the name (src/domain/user-groups.ts) when absent. */
    group_code: Type.Optional(code()),
    description: Type.Optional(description()),
    group_type: Type.Optional(GroupType()),
    /** Also becomes a member, in the same transaction. */
    manager_user_id: Type.Optional(Nullable(IdParam)),
    is_active: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

export const UserGroupUpdate = Type.Partial(
  Type.Object({
    group_name: name(),
    group_code: code(),
    description: description(),
    group_type: GroupType(),
    manager_user_id: Nullable(IdParam),
    is_active: Type.Boolean(),
  }),
  { additionalProperties: false },
);

export const MemberAdd = Type.Object({ user_id: IdParam }, { additionalProperties: false });
export const PositionAccessAdd = Type.Object({ position_group_id: IdParam }, { additionalProperties: false });

export const MemberParams = Type.Object({ id: IdParam, userId: IdParam }, { additionalProperties: false });
export const UserParams = Type.Object({ userId: IdParam }, { additionalProperties: false });
export const PositionAccessParams = Type.Object(
  { id: IdParam, positionGroupId: IdParam },
  { additionalProperties: false },
);

export const UserGroupList = Type.Object({ data: Type.Array(Type.Ref(UserGroup)) });
export const UserGroupResponse = Type.Object({ data: Type.Ref(UserGroupDetail) });
export const MemberResponse = Type.Object({ data: Type.Ref(UserGroupMember) });
export const PositionAccessList = Type.Object({ data: Type.Array(Type.Ref(PositionAccessGrant)) });
export const PositionAccessResponse = Type.Object({ data: Type.Ref(PositionAccessGrant) });

export type ApiUserGroup = Static<typeof UserGroup>;
export type ApiUserGroupMember = Omit<Static<typeof UserGroupMember>, 'role'> & { role: string };
export type ApiPositionAccessGrant = Static<typeof PositionAccessGrant>;
export type UserGroupListInput = Static<typeof UserGroupListQuery>;
export type UserGroupCreateInput = Static<typeof UserGroupCreate>;
export type UserGroupUpdateInput = Static<typeof UserGroupUpdate>;

export const UserGroupDeleteResult = trashedMessage('UserGroupDeleteResult');
