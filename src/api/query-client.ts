/**
 * Server-state defaults: data stays fresh for 30 s, a 4xx is an answer and is never retried,
 * transport failures and 5xx are retried twice. Mutations are never retried.
 */
import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-error.ts';

export const STALE_TIME_MS = 30_000;
const MAX_RETRIES = 2;

export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_RETRIES) return false;
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return true;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: STALE_TIME_MS, retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
