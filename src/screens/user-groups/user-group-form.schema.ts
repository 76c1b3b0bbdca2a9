import * as yup from 'yup';
import type { CreateUserGroupBody } from '../../api/gen/model';
import { groupRules, requiredMessage } from '../../components/common/form-rules.ts';
import {
  CREATABLE_USER_GROUP_TYPES,
  type CreatableUserGroupType,
  USER_GROUP_CODE_MAX,
  userGroupCode,
} from '../../domain/user-groups.ts';

/**
 * Spec §5 user group create, with the server's limits (src/domain). The code is not typed: it is
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

export const userGroupFormValues = (): UserGroupFormValues => ({
  group_name: '',
  group_code: '',
  group_type: 'custom',
  description: '',
  manager_user_id: null,
});

/** The code the dialog shows for a name: the server makes the same one. */
export const codeForName = (name: string | undefined) => userGroupCode(name ?? '');

/** Create is possible only with a name and the code made from it (spec §5). */
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
