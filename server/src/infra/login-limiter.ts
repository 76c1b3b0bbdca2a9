/**
 * The sign-in limits of LoginLimits (index.ts), written once over a small counter store, so the
 * in-memory store (one process) and Redis (several) behave the same by construction.
 */
import {
  accountLockSeconds,
  FAILURE_WINDOW_SECONDS,
  type LoginAttempt,
  type LoginLimiter,
  type LoginLimits,
} from './index.ts';

/** Counters that expire a fixed time after their first increment, and locks that expire. */
export interface CounterStore {
  /** Each counter's value and milliseconds left (0 when absent), and each lock's milliseconds left. */
  read(
    counters: string[],
    locks: string[],
  ): Promise<{ counts: { n: number; msLeft: number }[]; locks: number[] }>;
  /** Increments each counter, starting its window at the first increment; the new values. */
  increment(counters: { key: string; windowSeconds: number }[]): Promise<number[]>;
  lock(key: string, seconds: number): Promise<void>;
  clear(keys: string[]): Promise<void>;
}

const keys = ({ ip, account, device }: LoginAttempt) => ({
  ip: `ip:${ip}`,
  account: `account:${account}`,
  pair: `pair:${account}\u0001${ip}`,
  pairLock: `pair-lock:${account}\u0001${ip}`,
  device: `device:${device}`,
  deviceLock: `device-lock:${device}`,
});

export function createLoginLimiter(store: CounterStore, limits: LoginLimits): LoginLimiter {
  const lockAfter = async (lockKey: string, failures: number) => {
    const seconds = accountLockSeconds(failures, limits);
    if (seconds > 0) await store.lock(lockKey, seconds);
  };
  return {
    async retryAfter(attempt) {
      const k = keys(attempt);
      if (attempt.device) {
        const { locks } = await store.read([], [k.deviceLock]);
        return locks[0] / 1000;
      }
      const { counts, locks } = await store.read([k.ip, k.account], [k.pairLock]);
      const [ip, account] = counts;
      const ipWait = ip.n >= limits.ipMaxFailures ? ip.msLeft : 0;
      const accountWait = account.n >= limits.accountDailyMaxFailures ? account.msLeft : 0;
      return Math.max(ipWait, accountWait, locks[0]) / 1000;
    },
    async recordFailure(attempt) {
      const k = keys(attempt);
      if (attempt.device) {
        const [failures] = await store.increment([{ key: k.device, windowSeconds: FAILURE_WINDOW_SECONDS }]);
        return lockAfter(k.deviceLock, failures);
      }
      const [, failures] = await store.increment([
        { key: k.ip, windowSeconds: limits.ipWindowSeconds },
        { key: k.pair, windowSeconds: FAILURE_WINDOW_SECONDS },
        { key: k.account, windowSeconds: FAILURE_WINDOW_SECONDS },
      ]);
      return lockAfter(k.pairLock, failures);
    },
    async recordSuccess(attempt) {
      // The address and account counts stay: an attacker must not reset them by signing in to an
      // account of their own, nor refill the account's daily budget when its owner signs in.
      const k = keys(attempt);
      await store.clear(attempt.device ? [k.pair, k.pairLock, k.device, k.deviceLock] : [k.pair, k.pairLock]);
    },
  };
}
