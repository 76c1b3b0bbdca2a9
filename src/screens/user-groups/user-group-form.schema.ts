import * as yup from 'yup';
import type { CreateUserGroupBody, UpdateUserGroupBody, UserGroupDetail } from '../../api/gen/model';
import { groupRules, requiredMessage } from '../../components/common/form-rules.ts';
import {
  CREATABLE_USER_GROUP_TYPES,
  type CreatableUserGroupType,
  USER_GROUP_CODE_MAX,
  userGroupCode,
} from '../../domain/user-groups.ts';

/**
 * The user group form, with the server's limits (src/domain). The code is not typed: it is
 * made from the name by the same generator the server uses, and checked here only so a name of
 * symbols alone ("Ö!") says why it cannot be saved.
 */
export const userGroupFormSchema = yup.object({
  group_name: groupRules.name(),
  group_code: groupRules.code(USER_GROUP_CODE_MAX),
  group_type: yup
    .string<CreatableUserGroupType>()
    .required(requiredMessage)
    .oneOf([...CREATABLE_USER_GROUP_TYPES], requiredMessage),
  description: groupRules.description(),
  manager_user_id: yup.number().integer().nullable().default(null),
});

export type UserGroupFormValues = yup.InferType<typeof userGroupFormSchema>;

/** The empty form, or the group being edited. */
export const userGroupFormValues = (group: UserGroupDetail | null = null): UserGroupFormValues => ({
  group_name: group?.group_name ?? '',
  group_code: group?.group_code ?? '',
  group_type: (CREATABLE_USER_GROUP_TYPES as readonly string[]).includes(group?.group_type ?? '')
    ? (group?.group_type as CreatableUserGroupType)
    : 'custom',
  description: group?.description ?? '',
  manager_user_id: group?.manager_user_id ?? null,
});

/** The code the dialog shows for a name: the server makes the same one. */
export const codeForName = (name: string | undefined) => userGroupCode(name ?? '');

/** Create is possible only with a name and the code made from it. */
export const canCreate = (name: string | undefined) => Boolean(name?.trim()) && codeForName(name) !== '';

export function toCreateBody(values: UserGroupFormValues): CreateUserGroupBody {
  return {
    group_name: values.group_name,
    group_code: values.group_code,
    group_type: values.group_type,
    description: values.description || null,
    manager_user_id: values.manager_user_id ?? null,
  };
}

/** An edit sends what the form changes; the code made on create stays (links and imports use it). */
export function toUpdateBody(values: UserGroupFormValues, group: UserGroupDetail): UpdateUserGroupBody {
  const body: UpdateUserGroupBody = {
    group_name: values.group_name,
    description: values.description || null,
    manager_user_id: values.manager_user_id ?? null,
  };
  // A type the form cannot offer (system) is left as it is.
  const creatable = (CREATABLE_USER_GROUP_TYPES as readonly string[]).includes(group.group_type);
  if (creatable && values.group_type !== group.group_type) body.group_type = values.group_type;
  return body;
}
