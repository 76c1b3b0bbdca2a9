/** Schemas every route shares: the error body, ids, and list wrappers. */
import { type TSchema, Type } from '@sinclair/typebox';

export const ErrorDetail = Type.Object(
  {
    field: Type.String(),
    message: Type.String(),
    rule: Type.Optional(Type.String()),
    params: Type.Optional(Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]))),
    value: Type.Optional(
      Type.Unknown({ description: 'An edit conflict’s field (EDIT_CONFLICT): its current value' }),
    ),
  },
  { $id: 'ErrorDetail' },
);

export const ErrorBody = Type.Object(
  {
    statusCode: Type.Integer(),
    error: Type.String(),
    message: Type.String(),
    code: Type.Optional(Type.String()),
    details: Type.Optional(Type.Array(Type.Ref(ErrorDetail))),
    /** The request's id, as in the X-Request-Id header and the server's log lines (plugins/request-id.ts). */
    requestId: Type.Optional(Type.String()),
  },
  { $id: 'ErrorBody', description: 'The body of every error answer' },
);

/** A database id in a path: a positive 32-bit integer, so out-of-range text is a 400, not a 500. */
export const IdParam = Type.Integer({ minimum: 1, maximum: 2147483647 });

export const IdParams = Type.Object({ id: IdParam }, { additionalProperties: false });

export const MessageResponse = Type.Object({ message: Type.String() }, { $id: 'MessageResponse' });

export function errorResponse(description: string) {
  return { ...Type.Ref(ErrorBody), description } as unknown as TSchema;
}

export const STANDARD_ERRORS: Record<number, string> = {
  400: 'Invalid input: the details name each field',
  401: 'Not signed in, or the token is invalid, expired or revoked',
  403: 'Signed in without the permission this needs',
  404: 'Not found in the caller’s site',
  409: 'Clashes with an existing record',
  413: 'Request body too large',
  415: 'Only application/json bodies are accepted',
  429: 'Too many attempts; see Retry-After',
  500: 'Unexpected server error',
  503: 'A service the API needs (the database or Redis) is unavailable',
};

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
