/**
 * The one error type every API call rejects with, and the one reader of the server's error body:
 * `{ statusCode, error, message, code?, details? }`. When no answer arrived (network error,
 * timeout, abort) the body is synthesised with status 0.
 */
import type { ErrorBody, ErrorDetail } from './gen/model';

export class ApiError<TBody = ErrorBody> extends Error {
  override readonly name = 'ApiError';
  /** HTTP status, or 0 when the request never got an answer. */
  readonly status: number;
  readonly body: TBody;
  /** Server code (e.g. 'CONFLICT') or the transport code (e.g. 'ECONNABORTED'). */
  readonly code: string | undefined;
  /** The body's field details (server validation and uniqueness errors), in the server's order. */
  readonly details: readonly ErrorDetail[];
  /**
   * The body is the server's own error body, so its message is the server's words; false when it
   * was synthesised (no answer, or a proxy's HTML page or an empty 5xx: the message is only a status text).
   */
  readonly serverSent: boolean;

  constructor(status: number, body: TBody, options?: { cause?: unknown; synthesised?: boolean }) {
    const errorBody = asErrorBody(body);
    super(errorBody?.message ?? `Request failed with status ${status}`, { cause: options?.cause });
    this.status = status;
    this.body = body;
    this.code = errorBody?.code;
    this.details = errorBody?.details ?? [];
    this.serverSent = status > 0 && errorBody !== undefined && !options?.synthesised;
  }

  /** True when the request never reached the server or got no answer. */
  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/** The field details of a failed call; none for anything that is not an ApiError. */
export function errorDetailsOf(error: unknown): readonly ErrorDetail[] {
  return isApiError(error) ? error.details : [];
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

/** The server's error body, or undefined when `value` is something else (an HTML page, nothing). */
export function asErrorBody(value: unknown): ErrorBody | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const candidate = value as Partial<ErrorBody>;
  return typeof candidate.message === 'string' && typeof candidate.statusCode === 'number'
    ? (candidate as ErrorBody)
    : undefined;
}
