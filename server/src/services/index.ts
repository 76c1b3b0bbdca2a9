/** The services routes use, built once per app from the config. */
import type { Redis } from 'ioredis';
import type { LiveSessions } from './live-sessions.ts';
import type { PasswordService } from './passwords.ts';
import type { TokenService } from './tokens.ts';

/**
 * Revoked session ids shared through Redis, so every server process refuses a revoked session's
 * access tokens at once instead of when its live-session cache entry runs out (live-sessions.ts).
 * The database stays the record: this is only the fast path between processes.
 */
export interface RevocationStore {
  isRevoked(sessionId: string): Promise<boolean>;
  revokeSessions(sessionIds: string[]): Promise<void>;
}

export interface LoginLimiter {
  /** Seconds to wait before another attempt is allowed for this IP or account, or 0. */
  retryAfter(ip: string, account: string): Promise<number>;
  recordFailure(ip: string, account: string): Promise<void>;
  recordSuccess(ip: string, account: string): Promise<void>;
}

/**
 * Failed sign-in limits (defaults from config.ts):
 * - per IP: 50 failures within 15 minutes, then 429 until that window ends;
 * - per account (site + lower-cased email): after 5 failures within 15 minutes the account is locked
 *   for 60 s; each further failure after a lock doubles it (120 s, 240 s), capped at 4 × the base
 *   lock (240 s = 4 minutes). Failures while locked are refused before they are counted, so they do
 *   not extend the lock; the count is forgotten 15 minutes after the first failure, and a successful
 *   sign-in clears it. An attacker can slow a guesser down but never lock the real user out for more
 *   than a few minutes at a time, while the IP limit bounds how fast one source can keep trying.
 */
export interface LoginLimits {
  ipMaxFailures: number;
  ipWindowSeconds: number;
  accountMaxFailures: number;
  accountLockSeconds: number;
}

export const ACCOUNT_LOCK_MAX_FACTOR = 4;

/** The lock, in seconds, after the given number of failures of one account within the window (0: none). */
export function accountLockSeconds(failures: number, limits: LoginLimits): number {
  if (failures < limits.accountMaxFailures) return 0;
  const factor = Math.min(2 ** (failures - limits.accountMaxFailures), ACCOUNT_LOCK_MAX_FACTOR);
  return limits.accountLockSeconds * factor;
}

export interface Services {
  tokens: TokenService;
  passwords: PasswordService;
  /** Null without Redis: one process, whose live-session cache is dropped at every revocation. */
  revocations: RevocationStore | null;
  liveSessions: LiveSessions;
  loginLimiter: LoginLimiter;
  redis: Redis | null;
}
