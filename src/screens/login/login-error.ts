import type { TFunction } from 'i18next';

/** The session machine reports errors in English (spec §8); the known ones are translated. */
const KNOWN = {
  'Invalid email or password': 'login.invalidCredentials',
  'Login failed': 'login.loginFailed',
  'Failed to refresh user': 'login.refreshFailed',
} as const;

export function translateLoginError(t: TFunction, error: string): string {
  const key = KNOWN[error as keyof typeof KNOWN];
  return key ? t(key) : error;
}
