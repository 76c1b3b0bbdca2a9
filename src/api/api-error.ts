/**
 * The one error type every API call rejects with: the server's error body (spec §8, CONVENTIONS 8),
 * or a synthesised body with status 0 when no answer arrived (network error, timeout, abort).
 */
import type { ErrorBody } from './gen/model';

export class ApiError<TBody = ErrorBody> extends Error {
  override readonly name = 'ApiError';
  /** HTTP status, or 0 when the request never got an answer. */
  readonly status: number;
  readonly body: TBody;
  /** Server code (e.g. 'CONFLICT') or the transport code (e.g. 'ECONNABORTED'). */
  readonly code: string | undefined;
  /** First message per field from body.details, for mapping onto form fields. */
  readonly fieldErrors: Readonly<Record<string, string>>;

  constructor(status: number, body: TBody, options?: { cause?: unknown }) {
    const errorBody = asErrorBody(body);
    super(errorBody?.message ?? `Request failed with status ${status}`, { cause: options?.cause });
    this.status = status;
    this.body = body;
    this.code = errorBody?.code;
    this.fieldErrors = fieldErrorsOf(errorBody);
  }

  /** True when the request never reached the server or got no answer. */
  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/** A body synthesised for answers that are not the server's error body (proxy pages, empty bodies). */
export function fallbackErrorBody(status: number, statusText: string, code?: string): ErrorBody {
  return {
    statusCode: status,
    error: statusText || 'Error',
    message: statusText || (status === 0 ? 'Network error' : `Request failed with status ${status}`),
    ...(code ? { code } : {}),
  };
}

export function asErrorBody(value: unknown): ErrorBody | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const candidate = value as Partial<ErrorBody>;
  return typeof candidate.message === 'string' && typeof candidate.statusCode === 'number'
    ? (candidate as ErrorBody)
    : undefined;
}

function fieldErrorsOf(body: ErrorBody | undefined): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const detail of body?.details ?? []) {
    if (detail.field && !(detail.field in errors)) errors[detail.field] = detail.message;
  }
  return errors;
}
