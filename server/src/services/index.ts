/** The services routes use, built once per app from the config. */
import type { Redis } from 'ioredis';
import type { PasswordService } from './passwords.ts';
import type { TokenService } from './tokens.ts';

export interface RevocationStore {
  /** True when the session was revoked, or the user's sessions were all revoked after the token was issued. */
  isRevoked(claims: { sessionId: string; userId: number; issuedAt: number }): Promise<boolean>;
  revokeSession(sessionId: string): Promise<void>;
  revokeUser(userId: number): Promise<void>;
}

export interface LoginLimiter {
  /** Seconds to wait before another attempt is allowed for this IP or account, or 0. */
  retryAfter(ip: string, account: string): Promise<number>;
  recordFailure(ip: string, account: string): Promise<void>;
  recordSuccess(ip: string, account: string): Promise<void>;
}

export interface Services {
  tokens: TokenService;
  passwords: PasswordService;
  revocations: RevocationStore;
  loginLimiter: LoginLimiter;
  redis: Redis | null;
}
