/** Revocations and login limits shared through Redis, so several server processes agree. */
import type { Redis } from 'ioredis';
import type { LoginLimiter, RevocationStore } from './index.ts';

const PREFIX = 'tagger:';

export function createRedisRevocationStore(redis: Redis, tokenTtlSeconds: number): RevocationStore {
  const ttl = tokenTtlSeconds + 60;
  return {
    async isRevoked({ sessionId, userId, issuedAt }) {
      const [session, userAt] = await redis.mget(`${PREFIX}revoked:sid:${sessionId}`, `${PREFIX}revoked:user:${userId}`);
      if (session) return true;
      return userAt !== null && issuedAt * 1000 <= Number(userAt);
    },
    async revokeSession(sessionId) {
      await redis.set(`${PREFIX}revoked:sid:${sessionId}`, '1', 'EX', ttl);
    },
    async revokeUser(userId) {
      await redis.set(`${PREFIX}revoked:user:${userId}`, String(Date.now()), 'EX', ttl);
    },
  };
}

export function createRedisLoginLimiter(
  redis: Redis,
  opts: { ipMaxFailures: number; ipWindowSeconds: number; accountMaxFailures: number; accountLockSeconds: number },
): LoginLimiter {
  const ipKey = (ip: string) => `${PREFIX}login:ip:${ip}`;
  const failKey = (account: string) => `${PREFIX}login:fail:${account}`;
  const lockKey = (account: string) => `${PREFIX}login:lock:${account}`;
  return {
    async retryAfter(ip, account) {
      const [[, ipCount], [, ipTtl], [, lockTtl]] = (await redis
        .multi()
        .get(ipKey(ip))
        .pttl(ipKey(ip))
        .pttl(lockKey(account))
        .exec()) as [unknown, unknown][];
      const ipWait = Number(ipCount ?? 0) >= opts.ipMaxFailures ? Math.max(0, Number(ipTtl)) / 1000 : 0;
      const lockWait = Math.max(0, Number(lockTtl)) / 1000;
      return Math.max(ipWait, lockWait);
    },
    async recordFailure(ip, account) {
      const results = (await redis
        .multi()
        .incr(ipKey(ip))
        .expire(ipKey(ip), opts.ipWindowSeconds, 'NX')
        .incr(failKey(account))
        .expire(failKey(account), opts.ipWindowSeconds, 'NX')
        .exec()) as [unknown, unknown][];
      const failures = Number(results[2][1]);
      if (failures >= opts.accountMaxFailures) {
        const factor = 2 ** Math.min(failures - opts.accountMaxFailures, 3);
        await redis.set(lockKey(account), '1', 'PX', opts.accountLockSeconds * 1000 * factor);
      }
    },
    async recordSuccess(_ip, account) {
      await redis.del(failKey(account), lockKey(account));
    },
  };
}
