/**
 * The secrets of emailed links (invitations, password resets): 32 random bytes in the link, only
 * their SHA-256 in the database (repositories/account-tokens.ts), as with refresh tokens. The
 * link's page in the console takes the secret from `?token=`.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { AccountTokenPurpose } from '../db/schema/index.ts';

/** How long each kind of link works. */
export const ACCOUNT_TOKEN_TTL_SECONDS: Record<AccountTokenPurpose, number> = {
  invitation: 7 * 24 * 3600,
  password_reset: 30 * 60,
};

/** The console page each kind of link opens. */
const PAGES: Record<AccountTokenPurpose, string> = {
  invitation: '/set-password',
  password_reset: '/reset-password',
};

export function hashAccountToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** A new secret, its hash and when it stops working. */
export function newAccountToken(purpose: AccountTokenPurpose, now = Date.now()) {
  const token = randomBytes(32).toString('base64url');
  return {
    token,
    tokenHash: hashAccountToken(token),
    expiresAt: new Date(now + ACCOUNT_TOKEN_TTL_SECONDS[purpose] * 1000),
  };
}

export const accountLink = (publicUrl: string, purpose: AccountTokenPurpose, token: string) =>
  `${publicUrl}${PAGES[purpose]}?token=${encodeURIComponent(token)}`;
