import type { TFunction } from 'i18next';

/**
 * The session keeps an error code, not text (the server's message, translated): known codes have
 * their own text, anything else is 'Login failed'.
 */
const KNOWN = {
  INVALID_CREDENTIALS: 'login.invalidCredentials',
  RATE_LIMITED: 'login.rateLimited',
  SERVICE_UNAVAILABLE: 'login.unavailable',
  DATABASE_UNAVAILABLE: 'login.unavailable',
  REDIS_UNAVAILABLE: 'login.unavailable',
  USER_REFRESH_FAILED: 'login.refreshFailed',
} as const;

export function translateLoginError(t: TFunction, code: string): string {
  return t(KNOWN[code as keyof typeof KNOWN] ?? 'login.loginFailed');
}
