import * as yup from 'yup';
import type { CreateUserBody, UpdateUserBody } from '../../api/gen/model';
import { formMessage } from '../../components/common/form-message.ts';
import { ROLES, type Role } from '../../domain/permissions.ts';
import { EMAIL_REGEX, LIMITS } from '../../domain/validation.ts';

export type UserFormMode = 'create' | 'edit';

export type UserFormValues = {
  first_name: string;
  last_name: string;
  email: string;
  password: string;
  role: Role | '';
  is_active: boolean;
};

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
 * Spec §5 user form. The password is required only on create; on edit an empty password means
 * "keep the current one" and is left out of the request.
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
      .string<Role | ''>()
      .required(required)
      .oneOf([...allowedRoles], required),
    is_active: yup.boolean().default(true),
  });
}

export type UserFormOutput = yup.InferType<ReturnType<typeof userFormSchema>>;

export const emptyUserForm: UserFormValues = {
  first_name: '',
  last_name: '',
  email: '',
  password: '',
  role: '',
  is_active: true,
};

export function toCreateBody(values: UserFormOutput): CreateUserBody {
  return {
    first_name: values.first_name,
    last_name: values.last_name,
    email: values.email,
    password: values.password ?? '',
    role: values.role as Role,
  };
}

export function toUpdateBody(values: UserFormOutput): UpdateUserBody {
  const body: UpdateUserBody = {
    first_name: values.first_name,
    last_name: values.last_name,
    email: values.email,
    role: values.role as Role,
    is_active: values.is_active,
  };
  if (values.password) body.password = values.password;
  return body;
}
