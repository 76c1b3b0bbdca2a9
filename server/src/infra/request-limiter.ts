/**
 * Limits on requests that cost the server something whether they succeed or not (a password-reset
 * email): every request counts, per account and per client address, over the same counter store
 * as the sign-in limits (memory for one process, Redis for several). The account is the site and
 * normalised email whether or not such a user exists, so a refusal says nothing about existence.
 */
import type { CounterStore } from './login-limiter.ts';

export interface RequestLimits {
  accountMax: number;
  accountWindowSeconds: number;
  ipMax: number;
  ipWindowSeconds: number;
}

export interface RequestLimiter {
  /** Counts the request and answers 0, or the seconds to wait when a limit is reached (then it is not counted). */
  take(request: { ip: string; account: string }): Promise<number>;
}

export function createRequestLimiter(
  store: CounterStore,
  name: string,
  limits: RequestLimits,
): RequestLimiter {
  return {
    async take({ ip, account }) {
      const keys = { ip: `${name}-ip:${ip}`, account: `${name}-account:${account}` };
      const { counts } = await store.read([keys.ip, keys.account], []);
      const [ipCount, accountCount] = counts;
      const wait = Math.max(
        ipCount.n >= limits.ipMax ? ipCount.msLeft : 0,
        accountCount.n >= limits.accountMax ? accountCount.msLeft : 0,
      );
      if (wait > 0) return wait / 1000;
      await store.increment([
        { key: keys.ip, windowSeconds: limits.ipWindowSeconds },
        { key: keys.account, windowSeconds: limits.accountWindowSeconds },
      ]);
      return 0;
    },
  };
}
