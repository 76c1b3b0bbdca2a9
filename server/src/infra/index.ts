/**
 * The shared infrastructure (tokens, passwords, sign-in limits, revocations, trusted devices),
 * built once per app from the config and reached as app.services. Area rules live in
 * routes/<area>/service.ts; this folder holds what several areas share.
 */
import type { Redis } from 'ioredis';
import type { ExportSlots } from './export-slots.ts';
import type { LiveEvents } from './live-events.ts';
import type { LiveSessions } from './live-sessions.ts';
import type { Mailer } from './mailer.ts';
import type { PasswordService } from './passwords.ts';
import type { PhotoStore } from './photo-stores.ts';
import type { RequestLimiter } from './request-limiter.ts';
import type { TokenService } from './tokens.ts';
import type { TrustedDevices } from './trusted-devices.ts';

/**
 * Revoked session ids shared through Redis, so every server process refuses a revoked session's
 * access tokens at once instead of when its live-session cache entry runs out (live-sessions.ts).
 * The database stays the record: this is only the fast path between processes.
 */
export interface RevocationStore {
  isRevoked(sessionId: string): Promise<boolean>;
  revokeSessions(sessionIds: string[]): Promise<void>;
}

/** One sign-in attempt as the limits see it. */
export interface LoginAttempt {
  /** The client address (behind a proxy: as TRUST_PROXY says). */
  ip: string;
  /** Site and normalizeEmail(email): the account, whether or not it exists. */
  account: string;
  /** The trusted-device id this browser holds for this account (trusted-devices.ts), if any. */
  device?: string;
}

export interface LoginLimiter {
  /** Seconds to wait before this attempt may be made, or 0. */
  retryAfter(attempt: LoginAttempt): Promise<number>;
  recordFailure(attempt: LoginAttempt): Promise<void>;
  recordSuccess(attempt: LoginAttempt): Promise<void>;
}

/**
 * Failed sign-in limits (defaults from config.ts; the numbers are in the README). Only failures
 * count, and tries refused by a limit are not counted.
 * - Per account and address: after 5 failures the address is locked out of that account for 60 s,
 *   doubling with each further failure up to 15 minutes. The count lasts 24 h from its first
 *   failure; a success from that address clears it. It stops one address from guessing on, and
 *   locks no one else out.
 * - Per account: at most 100 failures per 24 h from all addresses together, then only trusted
 *   devices may try until the window ends. This bounds an attacker with any number of addresses
 *   to 100 guesses per account per day. A success does not clear it (that would refill the
 *   attacker's budget); the owner's known browsers are exempt, so the owner is not locked out.
 * - Per address: 100 failures per 15 minutes across accounts (spraying), then 429 until the
 *   window ends; high, because one address may be a whole office, and trusted devices are exempt.
 * - A trusted device is limited like an account-and-address pair, keyed by the device, instead of
 *   by the three rules above: a stolen device cookie gives no more guesses than one address.
 */
export interface LoginLimits {
  ipMaxFailures: number;
  ipWindowSeconds: number;
  accountMaxFailures: number;
  accountLockSeconds: number;
  accountLockMaxSeconds: number;
  accountDailyMaxFailures: number;
}

/** The window of the per-account, per-pair and per-device counts. */
export const FAILURE_WINDOW_SECONDS = 24 * 3600;

/** The lock, in seconds, after this many failures of one account from one address or device (0: none). */
export function accountLockSeconds(
  failures: number,
  limits: Pick<LoginLimits, 'accountMaxFailures' | 'accountLockSeconds' | 'accountLockMaxSeconds'>,
): number {
  if (failures < limits.accountMaxFailures) return 0;
  // The exponent is capped: 2 ** 40 is far above any maximum already.
  const doubled = limits.accountLockSeconds * 2 ** Math.min(failures - limits.accountMaxFailures, 40);
  return Math.min(doubled, limits.accountLockMaxSeconds);
}

export interface Services {
  tokens: TokenService;
  passwords: PasswordService;
  /** Null without Redis: one process, whose live-session cache is dropped at every revocation. */
  revocations: RevocationStore | null;
  liveSessions: LiveSessions;
  loginLimiter: LoginLimiter;
  trustedDevices: TrustedDevices;
  /** Password-reset requests per account and per address (request-limiter.ts). */
  resetLimiter: RequestLimiter;
  /** Views of a share link's public report per address and per link, a minute each. */
  shareLimiter: RequestLimiter;
  /** Outgoing email, or its log line without SMTP_URL (mailer.ts). */
  mailer: Mailer;
  /** Concurrent CSV exports per user and per site (export-slots.ts). */
  exportSlots: ExportSlots;
  redis: Redis | null;
  /** Photo files: the folder or the S3 bucket (photo-stores.ts), one per process. */
  photos: PhotoStore;
  /** Live updates: the event streams open on this process and the bus between processes (live-events.ts). */
  live: LiveEvents;
}
