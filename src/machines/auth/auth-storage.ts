/**
 * The session as kept in browser storage: keys `token` and `user`. Read once when the
 * session starts and written by its snapshot subscription (auth-persistence.ts); nothing else
 * reads the token here. Every read tolerates missing storage (private mode, tests) and corrupt
 * JSON, which read as "no session".
 */
import type { SessionUser } from '../../api/gen/model';

export const TOKEN_KEY = 'token';
export const USER_KEY = 'user';

export interface StoredCredentials {
  token: string | null;
  user: SessionUser | null;
}

function storage(): Storage | null {
  try {
    return typeof globalThis.localStorage === 'undefined' ? null : globalThis.localStorage;
  } catch {
    return null;
  }
}

function isSessionUser(value: unknown): value is SessionUser {
  if (typeof value !== 'object' || value === null) return false;
  const user = value as Partial<SessionUser>;
  return typeof user.id === 'number' && typeof user.email === 'string' && typeof user.role === 'string';
}

function readStoredToken(): string | null {
  try {
    return storage()?.getItem(TOKEN_KEY) || null;
  } catch {
    return null;
  }
}

export function readStoredCredentials(): StoredCredentials {
  let user: SessionUser | null = null;
  try {
    const raw = storage()?.getItem(USER_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    user = isSessionUser(parsed) ? parsed : null;
  } catch {
    user = null;
  }
  return { token: readStoredToken(), user };
}

export function writeStoredCredentials({ token, user }: StoredCredentials): void {
  const store = storage();
  if (!store) return;
  try {
    if (token) store.setItem(TOKEN_KEY, token);
    else store.removeItem(TOKEN_KEY);
    if (user) store.setItem(USER_KEY, JSON.stringify(user));
    else store.removeItem(USER_KEY);
  } catch {
    // Quota or privacy errors: the session still lives in memory for this tab.
  }
}
