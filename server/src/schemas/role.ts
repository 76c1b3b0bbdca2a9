/** The roles API: the four built-in roles and a site's custom roles. */
import { Type } from '@sinclair/typebox';
import { CUSTOM_ROLE_LEVEL_MIN, CUSTOM_ROLE_NAME_MAX } from '#domain/custom-roles.ts';
import { PERMISSIONS } from '#domain/permissions.ts';
import { IdParam, Nullable } from './common.ts';
import { trashedMessage } from './trash.ts';

const PermissionName = Type.Union(
  PERMISSIONS.map((p) => Type.Literal(p)),
  { $id: 'PermissionName', description: 'One of the permissions of src/domain/permissions.ts' },
);

export const RoleInfo = Type.Object(
  {
    /** null for a built-in role. */
    id: Nullable(Type.Integer()),
    name: Type.String(),
    kind: Type.Union([Type.Literal('built_in'), Type.Literal('custom')]),
    level: Type.Integer(),
    /** Built-in roles only: the English description (the console shows its own translation). */
    description: Nullable(Type.String()),
    permissions: Type.Array(Type.Ref(PermissionName)),
    /** Custom roles: how many users of the site hold it. */
    user_count: Type.Integer(),
    created_at: Nullable(Type.String({ format: 'date-time' })),
    updated_at: Nullable(Type.String({ format: 'date-time' })),
  },
  { $id: 'RoleInfo' },
);

export const RoleList = Type.Object({ roles: Type.Array(Type.Ref(RoleInfo)) });
export const RoleResponse = Type.Object({ role: Type.Ref(RoleInfo) });

/**
 * Permissions arrive as plain strings so that an unknown one is refused by the service with the
 * 400 that names it, rather than by a schema error that only says "must be equal to constant".
 */
const permissionList = () => Type.Array(Type.String({ maxLength: 64 }), { maxItems: 200 });

export const RoleCreate = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: CUSTOM_ROLE_NAME_MAX }),
    level: Type.Integer({ minimum: CUSTOM_ROLE_LEVEL_MIN, maximum: 100 }),
    permissions: permissionList(),
  },
  { $id: 'RoleCreate', additionalProperties: false },
);

export const RoleUpdate = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: CUSTOM_ROLE_NAME_MAX })),
    level: Type.Optional(Type.Integer({ minimum: CUSTOM_ROLE_LEVEL_MIN, maximum: 100 })),
    permissions: Type.Optional(permissionList()),
  },
  { $id: 'RoleUpdate', additionalProperties: false },
);

/** A deleted role goes to the trash: its item, for Undo and the Trash screen. */
export const RoleDeleteResult = trashedMessage('RoleDeleteResult');

export const RoleIdParams = Type.Object({ id: IdParam }, { additionalProperties: false });

export const ROLE_SCHEMAS = [PermissionName, RoleInfo];
