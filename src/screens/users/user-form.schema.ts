import * as yup from 'yup';
import type { CreateUserBody, UpdateUserBody, User } from '../../api/gen/model';
import { formMessage } from '../../components/common/form-message.ts';
import {
  maxMessage,
  optionalMinText,
  requiredMessage as required,
  requiredText,
  schemaFields,
} from '../../components/common/form-rules.ts';
import { LANGUAGES, type Language } from '../../domain/languages.ts';
import { ROLES, type Role } from '../../domain/permissions.ts';
import { EMAIL_REGEX, LIMITS } from '../../domain/validation.ts';

export type UserFormMode = 'create' | 'edit';

const name = () => requiredText(LIMITS.userNameMin, LIMITS.nameMax);

/**
 * The role field holds a built-in role's name or, for a site's custom role, `custom:<id>`: one
 * pick in one dropdown, split into role and custom_role_id only when the request is built.
 */
export type RoleChoice = Role | `custom:${number}`;

export const customRoleChoice = (id: number): RoleChoice => `custom:${id}`;

function splitRoleChoice(choice: string): { role: Role; custom_role_id: number | null } {
  const custom = /^custom:(\d+)$/.exec(choice);
  // A custom role's holder keeps the least built-in role beside it, as the server stores it.
  return custom
    ? { role: 'worker', custom_role_id: Number(custom[1]) }
    : { role: choice as Role, custom_role_id: null };
}

/**
 * The user form, with the limits the server's schema uses (src/domain). The password is
 * optional: an empty one on create invites the user by email to set their own, on edit keeps the
 * current one; either way it is left out of the request. The language (create only) is the
 * invitee's: their emails' and console's. Only the roles the viewer may assign are accepted.
 */
export function userFormSchema(_mode: UserFormMode, allowedRoles: readonly RoleChoice[] = ROLES) {
  const password = optionalMinText(LIMITS.passwordMin, LIMITS.passwordMax);

  return yup.object({
    first_name: name(),
    last_name: name(),
    email: yup
      .string()
      .trim()
      .required(required)
      .max(LIMITS.emailMax, maxMessage(LIMITS.emailMax))
      .matches(EMAIL_REGEX, formMessage('validation.email')),
    password,
    role: yup
      .string<RoleChoice>()
      .required(required)
      .oneOf([...allowedRoles], required),
    is_active: yup.boolean().default(true),
    language: yup
      .string<Language>()
      .oneOf([...LANGUAGES])
      .nullable()
      .default(null),
  });
}

/** The form's values, as the schema defines them (no role until one is picked). */
export type UserFormValues = yup.InferType<ReturnType<typeof userFormSchema>>;

/** The API names the form's fields as the form does, but custom_role_id: that is the one role dropdown. */
export const USER_FORM_ERROR_FIELDS = {
  ...Object.fromEntries(schemaFields(userFormSchema('create')).map((field) => [field, field])),
  custom_role_id: 'role',
} as Record<string, keyof UserFormValues>;

/** The empty form preselects the site's default role (Site settings) when the viewer may give it. */
export function userFormValues(
  user: User | null,
  defaultRole?: RoleChoice,
  language: Language | null = null,
): Partial<UserFormValues> {
  if (!user) {
    const empty = { first_name: '', last_name: '', email: '', password: '', is_active: true, language };
    return defaultRole ? { ...empty, role: defaultRole } : empty;
  }
  const { first_name, last_name, email, is_active } = user;
  const role = user.custom_role_id ? customRoleChoice(user.custom_role_id) : user.role;
  return { first_name, last_name, email, role, is_active, password: '', language: null };
}

/** No password: the server invites the user by email. */
export function toCreateBody({
  first_name,
  last_name,
  email,
  password,
  role,
  language,
}: UserFormValues): CreateUserBody {
  const { role: builtIn, custom_role_id } = splitRoleChoice(role);
  const body: CreateUserBody = {
    first_name,
    last_name,
    email,
    role: builtIn,
    ...(password ? { password } : {}),
    ...(language ? { language } : {}),
  };
  return custom_role_id === null ? body : { ...body, custom_role_id };
}

/** An edit always names the custom role, null taking it away when a built-in one was picked. */
export function toUpdateBody({
  password,
  role,
  language: _language,
  ...values
}: UserFormValues): UpdateUserBody {
  const body: UpdateUserBody = { ...values, ...splitRoleChoice(role) };
  return password ? { ...body, password } : body;
}
