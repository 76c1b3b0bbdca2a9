/** The signed-in user's own account: name and language, and their password. */
import { Type } from '@sinclair/typebox';
import { LANGUAGES } from '#domain/languages.ts';
import { LIMITS } from '#domain/validation.ts';

const name = () => Type.String({ minLength: LIMITS.userNameMin, maxLength: LIMITS.nameMax });

export const AccountUpdate = Type.Object(
  {
    first_name: Type.Optional(name()),
    last_name: Type.Optional(name()),
    /** null: follow the browser's language. */
    language: Type.Optional(Type.Union([...LANGUAGES.map((l) => Type.Literal(l)), Type.Null()])),
  },
  { $id: 'AccountUpdate', additionalProperties: false },
);

/** The same length rules as the user form's password. */
export const PasswordChange = Type.Object(
  {
    current_password: Type.String({ minLength: 1, maxLength: LIMITS.passwordMax }),
    new_password: Type.String({ minLength: LIMITS.passwordMin, maxLength: LIMITS.passwordMax }),
  },
  { $id: 'PasswordChange', additionalProperties: false },
);
