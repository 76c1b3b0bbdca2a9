/**
 * The one error body every failure answers with:
 * { statusCode, error, message, code?, details?: [{ field, message, rule?, params? }] }.
 */
import { STATUS_CODES } from 'node:http';
import { formatMessage, type MessageKey } from '#domain/validation.ts';

export interface ErrorDetail {
  field: string;
  message: string;
  /** The rule that failed (required, minLength, email, …), so a console can show it in its language. */
  rule?: string;
  params?: Record<string, string | number>;
  /** An edit conflict's field: its current value (routes/edit-conflict.ts). */
  value?: unknown;
}

export class HttpError extends Error {
  readonly statusCode: number;
  readonly code?: string;
  readonly details?: ErrorDetail[];
  readonly headers?: Record<string, string>;

  constructor(
    statusCode: number,
    message: string,
    options: { code?: string; details?: ErrorDetail[]; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.statusCode = statusCode;
    this.code = options.code;
    this.details = options.details;
    this.headers = options.headers;
  }
}

export const errors = {
  badRequest: (message: string, code = 'BAD_REQUEST', details?: ErrorDetail[]) =>
    new HttpError(400, message, { code, details }),
  unauthorized: (message = 'Authentication required', code = 'UNAUTHORIZED') =>
    new HttpError(401, message, { code }),
  forbidden: (message = 'You do not have permission to do this', code = 'FORBIDDEN') =>
    new HttpError(403, message, { code }),
  notFound: (message = 'Not found', code = 'NOT_FOUND') => new HttpError(404, message, { code }),
  conflict: (field: string, message: string, code = 'CONFLICT') =>
    new HttpError(409, message, { code, details: [{ field, message, rule: 'unique' }] }),
  fieldError: (field: string, key: MessageKey, params: Record<string, string | number> = {}) => {
    const message = formatMessage(key, params);
    return new HttpError(400, message, {
      code: 'VALIDATION_ERROR',
      details: [{ field, message, rule: key, params }],
    });
  },
  tooManyRequests: (retryAfterSeconds: number, message = 'Too many attempts. Please try again later.') =>
    new HttpError(429, message, {
      code: 'RATE_LIMITED',
      headers: { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
    }),
  unavailable: (message = 'The service is temporarily unavailable. Please try again shortly.') =>
    new HttpError(503, message, { code: 'SERVICE_UNAVAILABLE' }),
};

export function errorBody(statusCode: number, message: string, code?: string, details?: ErrorDetail[]) {
  return {
    statusCode,
    error: STATUS_CODES[statusCode] ?? 'Error',
    message,
    ...(code ? { code } : {}),
    ...(details?.length ? { details } : {}),
  };
}
