import { Type } from '@sinclair/typebox';
import { GROUP_CODE_PATTERN, GROUP_POSITIONS_MAX } from '#domain/position-groups.ts';
import { LIMITS } from '#domain/validation.ts';
import { IdParam, Nullable } from './common.ts';
import { trashedMessage } from './trash.ts';

const groupFields = {
  id: Type.Integer(),
  group_name: Type.String(),
  group_code: Type.String(),
  description: Nullable(Type.String()),
  is_active: Type.Boolean(),
  /** Every member, inactive positions included (they stay in their groups). */
  position_count: Type.Integer(),
  active_position_count: Type.Integer(),
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
};

/** A group as the list shows it: the counts come from one aggregate query. */
export const PositionGroup = Type.Object(groupFields, { $id: 'PositionGroup' });

export const PositionGroupMember = Type.Object(
  {
    id: Type.Integer(),
    position_code: Type.String(),
    position_name: Type.String(),
    is_active: Type.Boolean(),
  },
  { $id: 'PositionGroupMember' },
);

/** One group with its positions, ordered by code (GET by id, and the answer to a save). */
export const PositionGroupDetail = Type.Object(
  { ...groupFields, positions: Type.Array(Type.Ref(PositionGroupMember)) },
  { $id: 'PositionGroupDetail' },
);

/** The body's fields; create requires name and code, update leaves out what stays. */
const fields = {
  group_name: Type.String({ minLength: LIMITS.groupNameMin, maxLength: LIMITS.nameMax }),
  group_code: Type.String({
    minLength: LIMITS.groupCodeMin,
    maxLength: LIMITS.codeMax,
    pattern: GROUP_CODE_PATTERN,
    description: 'Letters, digits, underscore and hyphen; unique on the site',
  }),
  description: Type.Optional(Nullable(Type.String({ maxLength: LIMITS.textMax }))),
  /** Replaces the membership when present; absent leaves it as it is. */
  position_ids: Type.Optional(
    Type.Array(IdParam, {
      maxItems: GROUP_POSITIONS_MAX,
      description:
        'The whole membership: positions of the caller’s site, inactive ones included. Duplicates are ignored.',
    }),
  ),
};

export const PositionGroupCreate = Type.Object(fields, {
  $id: 'PositionGroupCreate',
  additionalProperties: false,
});

export const PositionGroupUpdate = Type.Partial(Type.Object({ ...fields, is_active: Type.Boolean() }), {
  $id: 'PositionGroupUpdate',
  additionalProperties: false,
});

export const PositionGroupList = Type.Object(
  { position_groups: Type.Array(Type.Ref(PositionGroup)) },
  { $id: 'PositionGroupList' },
);

export const PositionGroupResponse = Type.Object(
  { position_group: Type.Ref(PositionGroupDetail) },
  { $id: 'PositionGroupResponse' },
);

export const PositionGroupDeleteResult = trashedMessage('PositionGroupDeleteResult');
