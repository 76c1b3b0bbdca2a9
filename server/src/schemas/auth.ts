import { Type } from '@sinclair/typebox';
import { LIMITS } from '#domain/validation.ts';

export const LoginRequest = Type.Object(
  {
    email: Type.String({ minLength: 1, maxLength: LIMITS.emailMax }),
    password: Type.String({ minLength: 1, maxLength: LIMITS.passwordMax }),
    site_id: Type.Optional(Type.String({ minLength: 1, maxLength: 64, default: 'main' })),
  },
  { $id: 'LoginRequest', additionalProperties: false },
);

export const LoginResponse = Type.Object(
  { token: Type.String(), user: Type.Ref('SessionUser') },
  { $id: 'LoginResponse' },
);

export const MeResponse = Type.Object({ user: Type.Ref('SessionUser') }, { $id: 'MeResponse' });

export const RefreshRequest = Type.Object({}, { $id: 'RefreshRequest', additionalProperties: false });
export const RefreshResponse = Type.Object({ token: Type.String() }, { $id: 'RefreshResponse' });
