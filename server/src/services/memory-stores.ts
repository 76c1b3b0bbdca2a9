/** In-process revocation and login-limit stores, used when REDIS_URL is unset. */
import type { LoginLimiter, RevocationStore } from './index.ts';

export function createMemoryRevocationStore(tokenTtlSeconds: number): RevocationStore {
  const sessions = new Map<string, number>();
  const usersAt = new Map<number, number>();
  const ttlMs = (tokenTtlSeconds + 60) * 1000;
  const prune = () => {
    const cutoff = Date.now() - ttlMs;
    for (const [k, at] of sessions) if (at < cutoff) sessions.delete(k);
    for (const [k, at] of usersAt) if (at < cutoff) usersAt.delete(k);
  };
  return {
    async isRevoked({ sessionId, userId, issuedAt }) {
      if (sessions.has(sessionId)) return true;
      const at = usersAt.get(userId);
      return at !== undefined && issuedAt * 1000 <= at;
    },
    async revokeSession(sessionId) {
      prune();
      sessions.set(sessionId, Date.now());
    },
    async revokeUser(userId) {
      prune();
      usersAt.set(userId, Date.now());
    },
  };
}

export function createMemoryLoginLimiter(opts: {
  ipMaxFailures: number;
  ipWindowSeconds: number;
  accountMaxFailures: number;
  accountLockSeconds: number;
}): LoginLimiter {
  const ips = new Map<string, { count: number; resetAt: number }>();
  const accounts = new Map<string, { count: number; lockedUntil: number; resetAt: number }>();
  return {
    async retryAfter(ip, account) {
      const now = Date.now();
      const i = ips.get(ip);
      const ipWait = i && i.resetAt > now && i.count >= opts.ipMaxFailures ? (i.resetAt - now) / 1000 : 0;
      const a = accounts.get(account);
      const accountWait = a && a.lockedUntil > now ? (a.lockedUntil - now) / 1000 : 0;
      return Math.max(ipWait, accountWait);
    },
    async recordFailure(ip, account) {
      const now = Date.now();
      const i = ips.get(ip);
      if (!i || i.resetAt <= now) ips.set(ip, { count: 1, resetAt: now + opts.ipWindowSeconds * 1000 });
      else i.count++;
      const a = accounts.get(account);
      const entry = a && a.resetAt > now ? a : { count: 0, lockedUntil: 0, resetAt: now + opts.ipWindowSeconds * 1000 };
      entry.count++;
      if (entry.count >= opts.accountMaxFailures) {
        // A short lock that doubles while failures continue, capped: an attacker slows a guesser
        // down but can never lock the real user out for more than a few minutes.
        const factor = 2 ** Math.min(entry.count - opts.accountMaxFailures, 3);
        entry.lockedUntil = now + opts.accountLockSeconds * 1000 * factor;
      }
      accounts.set(account, entry);
    },
    async recordSuccess(_ip, account) {
      accounts.delete(account);
    },
  };
}
