/** In-process login-limit store, used when REDIS_URL is unset (one server process). */
import { accountLockSeconds, type LoginLimiter, type LoginLimits } from './index.ts';

/** Entries are dropped once their window or lock is over, so many guessed emails cannot grow memory forever. */
export function createMemoryLoginLimiter(opts: LoginLimits): LoginLimiter {
  const ips = new Map<string, { count: number; resetAt: number }>();
  const accounts = new Map<string, { count: number; lockedUntil: number; resetAt: number }>();
  let nextPrune = 0;
  const prune = (now: number) => {
    if (now < nextPrune) return;
    nextPrune = now + 60_000;
    for (const [k, v] of ips) if (v.resetAt <= now) ips.delete(k);
    for (const [k, v] of accounts) if (v.resetAt <= now && v.lockedUntil <= now) accounts.delete(k);
  };
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
      prune(now);
      const i = ips.get(ip);
      if (!i || i.resetAt <= now) ips.set(ip, { count: 1, resetAt: now + opts.ipWindowSeconds * 1000 });
      else i.count++;
      const a = accounts.get(account);
      const entry =
        a && a.resetAt > now ? a : { count: 0, lockedUntil: 0, resetAt: now + opts.ipWindowSeconds * 1000 };
      entry.count++;
      const lock = accountLockSeconds(entry.count, opts);
      if (lock > 0) entry.lockedUntil = now + lock * 1000;
      accounts.set(account, entry);
    },
    async recordSuccess(_ip, account) {
      // The IP counter is kept: an attacker must not reset it by signing in to an account of their own.
      accounts.delete(account);
    },
  };
}
