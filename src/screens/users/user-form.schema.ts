import * as yup from 'yup';
import type { CreateUserBody, UpdateUserBody, User } from '../../api/gen/model';
import { formMessage } from '../../components/common/form-message.ts';
import { ROLES, type Role } from '../../domain/permissions.ts';
import { EMAIL_REGEX, LIMITS } from '../../domain/validation.ts';

export type UserFormMode = 'create' | 'edit';

const required = formMessage('validation.required');
const min = (n: number) => formMessage('validation.minLength', { min: n });
const max = (n: number) => formMessage('validation.maxLength', { max: n });

const name = () =>
  yup
    .string()
    .trim()
    .required(required)
    .min(LIMITS.userNameMin, min(LIMITS.userNameMin))
    .max(LIMITS.nameMax, max(LIMITS.nameMax));

/**
 * Spec §5 user form, with the limits the server's schema uses (src/domain). The password is
 * required only on create; on edit an empty password means "keep the current one" and is left
 * out of the request. Only the roles the viewer may assign are accepted.
 */
export function userFormSchema(mode: UserFormMode, allowedRoles: readonly Role[] = ROLES) {
  const password =
    mode === 'create'
      ? yup
          .string()
          .required(required)
          .min(LIMITS.passwordMin, min(LIMITS.passwordMin))
          .max(LIMITS.passwordMax, max(LIMITS.passwordMax))
      : yup
          .string()
          .default('')
          .max(LIMITS.passwordMax, max(LIMITS.passwordMax))
          .test('minLength', min(LIMITS.passwordMin), (v) => !v || v.length >= LIMITS.passwordMin);

  return yup.object({
    first_name: name(),
    last_name: name(),
    email: yup
      .string()
      .trim()
      .required(required)
      .max(LIMITS.emailMax, max(LIMITS.emailMax))
      .matches(EMAIL_REGEX, formMessage('validation.email')),
    password,
    role: yup
      .string<Role>()
      .required(required)
      .oneOf([...allowedRoles], required),
    is_active: yup.boolean().default(true),
  });
}

/** The form's values, as the schema defines them (no role until one is picked). */
export type UserFormValues = yup.InferType<ReturnType<typeof userFormSchema>>;

/** The form fields a server error may name (the API uses the same names). */
export const USER_FORM_FIELDS = [
  'first_name',
  'last_name',
  'email',
  'password',
  'role',
  'is_active',
] as const;

export function userFormValues(user: User | null): Partial<UserFormValues> {
  if (!user) return { first_name: '', last_name: '', email: '', password: '', is_active: true };
  const { first_name, last_name, email, role, is_active } = user;
  return { first_name, last_name, email, role, is_active, password: '' };
}

export function toCreateBody({
  first_name,
  last_name,
  email,
  password,
  role,
}: UserFormValues): CreateUserBody {
  return { first_name, last_name, email, password, role };
}

export function toUpdateBody({ password, ...values }: UserFormValues): UpdateUserBody {
  return password ? { ...values, password } : values;
}
