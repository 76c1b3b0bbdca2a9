/**
 * The field app's HTTP client: fetch (and XMLHttpRequest for a photo, the one way to see upload
 * progress) instead of the console's axios instance, which the field's small entry leaves out.
 * The same rules as src/api/http-client.ts: the bearer token from the session, every failure an
 * ApiError with the server's error body (a synthesised one with status 0 when no answer came), and
 * on a 401 one fresh token from the session (SessionLink: parallel 401s share the one refresh the
 * session runs) and one retry; a second 401 is final.
 */
import { ApiError, asErrorBody, fallbackErrorBody } from '../../api/api-error.ts';
import type { SessionLink } from '../../api/http-client.ts';

const BASE = '/api/v1';
const TIMEOUT_MS = 10_000;

let session: SessionLink | null = null;

/** Hands the client its session (field-session.ts does this); null disconnects it. */
export function configureFieldHttp(link: SessionLink | null): void {
  session = link;
}

/** Calls that must never trigger a refresh: a 401 there is the answer itself. */
const NO_REFRESH_PATHS = ['/auth/login', '/auth/refresh', '/auth/logout'];

export interface FieldRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  /** JSON, or a FormData sent as multipart. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Milliseconds before the request counts as unanswered (default 10 s, as the console's). */
  timeout?: number;
  /** Upload progress, 0 to 1 (sends with XMLHttpRequest). */
  onUploadProgress?: (fraction: number) => void;
}

interface Answer {
  status: number;
  statusText: string;
  text: string;
}

function networkError(message: string, code: string, cause?: unknown): ApiError {
  return new ApiError(0, fallbackErrorBody(0, message, code), { cause, synthesised: true });
}

function parse(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function toError({ status, statusText, text }: Answer): ApiError {
  const data = parse(text);
  const body = asErrorBody(data);
  return body
    ? new ApiError(status, body)
    : new ApiError(status, fallbackErrorBody(status, statusText), { synthesised: true });
}

function headersOf(request: FieldRequest, token: string | null): Record<string, string> {
  const headers: Record<string, string> = { ...request.headers };
  if (request.body !== undefined && !(request.body instanceof FormData))
    headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

function payload(body: unknown): BodyInit | undefined {
  if (body === undefined) return undefined;
  return body instanceof FormData ? body : JSON.stringify(body);
}

async function viaFetch(request: FieldRequest, token: string | null): Promise<Answer> {
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), request.timeout ?? TIMEOUT_MS);
  const stop = () => timeout.abort();
  if (request.signal?.aborted) stop();
  else request.signal?.addEventListener('abort', stop, { once: true });
  try {
    const response = await fetch(BASE + request.path, {
      method: request.method,
      headers: headersOf(request, token),
      body: payload(request.body),
      credentials: 'include',
      signal: timeout.signal,
    });
    return { status: response.status, statusText: response.statusText, text: await response.text() };
  } catch (error) {
    if (request.signal?.aborted) throw networkError('canceled', 'ERR_CANCELED', error);
    if (timeout.signal.aborted) throw networkError('Request timed out', 'ECONNABORTED', error);
    throw networkError('Network Error', 'ERR_NETWORK', error);
  } finally {
    clearTimeout(timer);
    request.signal?.removeEventListener('abort', stop);
  }
}

function viaXhr(request: FieldRequest, token: string | null): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(request.method, BASE + request.path);
    xhr.withCredentials = true;
    xhr.timeout = request.timeout ?? TIMEOUT_MS;
    for (const [name, value] of Object.entries(headersOf(request, token))) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total) request.onUploadProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => resolve({ status: xhr.status, statusText: xhr.statusText, text: xhr.responseText });
    xhr.onerror = () => reject(networkError('Network Error', 'ERR_NETWORK'));
    xhr.ontimeout = () => reject(networkError('Request timed out', 'ECONNABORTED'));
    xhr.onabort = () => reject(networkError('canceled', 'ERR_CANCELED'));
    xhr.send(payload(request.body) as XMLHttpRequestBodyInit | undefined);
    if (request.signal?.aborted) xhr.abort();
    else request.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
  });
}

async function send<T>(request: FieldRequest, token: string | null): Promise<T> {
  const answer = await (request.onUploadProgress ? viaXhr : viaFetch)(request, token);
  if (answer.status >= 200 && answer.status < 300) return parse(answer.text) as T;
  throw toError(answer);
}

/** Resolves with the response body, rejects with ApiError. */
export async function fieldRequest<T>(request: FieldRequest): Promise<T> {
  const link = session;
  const token = link?.getToken() ?? null;
  try {
    return await send<T>(request, token);
  } catch (error) {
    const apiError = error as ApiError;
    const refreshable = !NO_REFRESH_PATHS.some((p) => request.path.split('?')[0].endsWith(p));
    if (apiError.status !== 401 || !link || !refreshable || request.signal?.aborted) throw apiError;
    let fresh: string;
    try {
      fresh = await link.freshToken(token);
    } catch {
      // The session signed out (and cleared storage); the caller sees the original 401.
      throw apiError;
    }
    // Once per request: a second 401 is final.
    return send<T>(request, fresh);
  }
}
