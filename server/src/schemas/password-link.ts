/** The emailed links' pages: what a link is for, setting a password with it, and asking for a reset. */
import { Type } from '@sinclair/typebox';
import { LANGUAGES } from '#domain/languages.ts';
import { LIMITS } from '#domain/validation.ts';

/** A link's secret as the console takes it from `?token=` (43 characters today; room for change). */
const token = () => Type.String({ minLength: 1, maxLength: 200 });
const purpose = () =>
  Type.Union([Type.Literal('invitation'), Type.Literal('password_reset')], {
    description: 'invitation: /set-password; password_reset: /reset-password',
  });

export const PasswordLinkQuery = Type.Object(
  { token: token(), purpose: purpose() },
  { $id: 'PasswordLinkQuery', additionalProperties: false },
);

export const PasswordLinkInfo = Type.Object(
  {
    purpose: purpose(),
    email: Type.String(),
    first_name: Type.String(),
    expires_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'PasswordLinkInfo' },
);

/** The same password rules as the user form and the own-password change. */
export const PasswordLinkUse = Type.Object(
  {
    token: token(),
    password: Type.String({ minLength: LIMITS.passwordMin, maxLength: LIMITS.passwordMax }),
  },
  { $id: 'PasswordLinkUse', additionalProperties: false },
);

export const PasswordLinkResult = Type.Object(
  { message: Type.String(), email: Type.String({ description: 'The account, to sign in with' }) },
  { $id: 'PasswordLinkResult' },
);

export const PasswordResetRequest = Type.Object(
  {
    email: Type.String({ minLength: 1, maxLength: LIMITS.emailMax }),
    site_id: Type.Optional(Type.String({ minLength: 1, maxLength: 64, default: 'main' })),
    /** The console's language: the email's, when the account has none saved. */
    language: Type.Optional(Type.Union(LANGUAGES.map((l) => Type.Literal(l)))),
  },
  { $id: 'PasswordResetRequest', additionalProperties: false },
);
