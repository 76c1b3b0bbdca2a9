/**
 * The one axios instance every generated call goes through (the orval mutator). Adds the bearer
 * token, turns every failure into an ApiError, and on a 401 asks the session for a fresh token once
 * per request, then repeats the request. The session decides everything else: whether a refresh
 * runs, that parallel 401s share one refresh, and signing out when it fails. Nothing here touches
 * window.location.
 *
 * The client sits below the session (the session's actors call it), so it imports nothing from
 * src/machines: whoever starts the session hands it a SessionLink (configureHttpClient).
 */
import axios, { type AxiosError, type AxiosRequestConfig, type AxiosResponse } from 'axios';
import { ApiError, asErrorBody, fallbackErrorBody } from './api-error.ts';
import { withEditVersion } from './edit-version.ts';
import type { ErrorBody } from './gen/model';

export const http = axios.create({
  baseURL: '/api/v1',
  timeout: 10_000,
  headers: { 'Content-Type': 'application/json' },
  withCredentials: true,
});

/** What the HTTP client needs from the session. */
export interface SessionLink {
  /** The access token to send now, or null when signed out. */
  getToken(): string | null;
  /** A token newer than `staleToken` (the one that got a 401); rejects when the session is over. */
  freshToken(staleToken: string | null): Promise<string>;
}

let session: SessionLink | null = null;

/** Hands the client its session (startAuthSession does this); null disconnects it. */
export function configureHttpClient(link: SessionLink | null): void {
  session = link;
}

/** The session the client was handed (the event stream, src/api/events.ts, sends its token too). */
export function currentSession(): SessionLink | null {
  return session;
}

/** Calls that must never trigger a refresh: a 401 there is the answer itself. */
const NO_REFRESH_PATHS = ['/auth/login', '/auth/refresh', '/auth/logout'];

function isRefreshable(url: string | undefined): boolean {
  const path = (url ?? '').split('?')[0];
  return !NO_REFRESH_PATHS.some((p) => path.endsWith(p));
}

export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (axios.isAxiosError(error)) {
    const { response } = error as AxiosError<unknown>;
    if (response) {
      const body = asErrorBody(response.data);
      return body
        ? new ApiError(response.status, body, { cause: error })
        : new ApiError(response.status, fallbackErrorBody(response.status, response.statusText), {
            cause: error,
            synthesised: true,
          });
    }
    const code = error.code ?? 'ERR_NETWORK';
    const message = code === 'ECONNABORTED' || code === 'ETIMEDOUT' ? 'Request timed out' : error.message;
    return new ApiError(0, fallbackErrorBody(0, message || 'Network error', code), {
      cause: error,
      synthesised: true,
    });
  }
  const message = error instanceof Error ? error.message : 'Unexpected error';
  return new ApiError(0, fallbackErrorBody(0, message, 'ERR_UNKNOWN'), { cause: error, synthesised: true });
}

function withBearer(config: AxiosRequestConfig, token: string | null): AxiosRequestConfig {
  const headers = { ...(config.headers as Record<string, string> | undefined) };
  if (token) headers.Authorization = `Bearer ${token}`;
  else delete headers.Authorization;
  return { ...config, headers };
}

async function send<T>(config: AxiosRequestConfig, token: string | null): Promise<AxiosResponse<T>> {
  try {
    return await http.request<T>(withBearer(config, token));
  } catch (error) {
    throw toApiError(error);
  }
}

/** The orval mutator: resolves with the response body, rejects with ApiError. */
export async function apiRequest<T>(config: AxiosRequestConfig, options?: AxiosRequestConfig): Promise<T> {
  const merged: AxiosRequestConfig = withEditVersion({
    ...config,
    ...options,
    headers: { ...(config.headers as object), ...(options?.headers as object) },
  });
  const link = session;
  const token = link?.getToken() ?? null;
  try {
    return (await send<T>(merged, token)).data;
  } catch (error) {
    const apiError = error as ApiError;
    if (apiError.status !== 401 || !link || !isRefreshable(merged.url) || merged.signal?.aborted) {
      throw apiError;
    }
    let fresh: string;
    try {
      fresh = await link.freshToken(token);
    } catch {
      // The session signed out (and cleared storage); the caller sees the original 401.
      throw apiError;
    }
    // Once per request: a second 401 is final.
    return (await send<T>(merged, fresh)).data;
  }
}

export type ErrorType<E = ErrorBody> = ApiError<E>;
export type BodyType<B> = B;
