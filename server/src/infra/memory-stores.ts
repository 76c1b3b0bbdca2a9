/** The in-process counter store of the sign-in limits, used when REDIS_URL is unset (one server process). */
import type { LoginLimiter, LoginLimits } from './index.ts';
import { type CounterStore, createLoginLimiter } from './login-limiter.ts';

/** Entries are dropped once expired, so many guessed emails cannot grow memory forever. */
export function createMemoryCounterStore(): CounterStore {
  const counters = new Map<string, { n: number; resetAt: number }>();
  const locks = new Map<string, number>();
  let nextPrune = 0;
  const prune = (now: number) => {
    if (now < nextPrune) return;
    nextPrune = now + 60_000;
    for (const [k, v] of counters) if (v.resetAt <= now) counters.delete(k);
    for (const [k, until] of locks) if (until <= now) locks.delete(k);
  };
  return {
    async read(counterKeys, lockKeys) {
      const now = Date.now();
      return {
        counts: counterKeys.map((key) => {
          const c = counters.get(key);
          return c && c.resetAt > now ? { n: c.n, msLeft: c.resetAt - now } : { n: 0, msLeft: 0 };
        }),
        locks: lockKeys.map((key) => Math.max(0, (locks.get(key) ?? 0) - now)),
      };
    },
    async increment(entries) {
      const now = Date.now();
      prune(now);
      return entries.map(({ key, windowSeconds }) => {
        let c = counters.get(key);
        if (!c || c.resetAt <= now) {
          c = { n: 0, resetAt: now + windowSeconds * 1000 };
          counters.set(key, c);
        }
        c.n++;
        return c.n;
      });
    },
    async lock(key, seconds) {
      locks.set(key, Date.now() + seconds * 1000);
    },
    async clear(keys) {
      for (const key of keys) {
        counters.delete(key);
        locks.delete(key);
      }
    },
  };
}

export function createMemoryLoginLimiter(limits: LoginLimits): LoginLimiter {
  return createLoginLimiter(createMemoryCounterStore(), limits);
}
