/**
 * Revocations and login limits shared through Redis, so several server processes agree. Keys start
 * with "tagger:"; ioredis adds its own `keyPrefix` in front when the REDIS_URL carries one
 * (redis://host:6379/?keyPrefix=staging:), which keeps deployments (and test runs) sharing one
 * Redis apart.
 */
import type { Redis } from 'ioredis';
import { accountLockSeconds, type LoginLimiter, type LoginLimits, type RevocationStore } from './index.ts';

const PREFIX = 'tagger:';

export function createRedisRevocationStore(redis: Redis, tokenTtlSeconds: number): RevocationStore {
  // A revocation only matters while an access token issued before it can still be valid.
  const ttl = tokenTtlSeconds + 60;
  const sidKey = (sessionId: string) => `${PREFIX}revoked:sid:${sessionId}`;
  return {
    async isRevoked(sessionId) {
      return (await redis.exists(sidKey(sessionId))) === 1;
    },
    async revokeSessions(sessionIds) {
      if (sessionIds.length === 0) return;
      const multi = redis.multi();
      for (const id of sessionIds) multi.set(sidKey(id), '1', 'EX', ttl);
      const results = await multi.exec();
      const failed = results?.find(([err]) => err);
      if (failed) throw failed[0];
    },
  };
}

/** The same limits as the memory limiter (see LoginLimits), with the counters kept in Redis. */
export function createRedisLoginLimiter(redis: Redis, opts: LoginLimits): LoginLimiter {
  const ipKey = (ip: string) => `${PREFIX}login:ip:${ip}`;
  const failKey = (account: string) => `${PREFIX}login:fail:${account}`;
  const lockKey = (account: string) => `${PREFIX}login:lock:${account}`;
  return {
    async retryAfter(ip, account) {
      const results = await redis.multi().get(ipKey(ip)).pttl(ipKey(ip)).pttl(lockKey(account)).exec();
      if (!results) throw new Error('redis transaction aborted');
      const [[e1, ipCount], [e2, ipTtl], [e3, lockTtl]] = results;
      if (e1 || e2 || e3) throw e1 ?? e2 ?? e3;
      // PTTL is -2 for a missing key and -1 for one without expiry; both mean "no wait".
      const ipWait = Number(ipCount ?? 0) >= opts.ipMaxFailures ? Math.max(0, Number(ipTtl)) / 1000 : 0;
      const lockWait = Math.max(0, Number(lockTtl)) / 1000;
      return Math.max(ipWait, lockWait);
    },
    async recordFailure(ip, account) {
      // EXPIRE … NX (Redis 7) starts the window at the first failure and never extends it.
      const results = await redis
        .multi()
        .incr(ipKey(ip))
        .expire(ipKey(ip), opts.ipWindowSeconds, 'NX')
        .incr(failKey(account))
        .expire(failKey(account), opts.ipWindowSeconds, 'NX')
        .exec();
      if (!results) throw new Error('redis transaction aborted');
      const failed = results.find(([err]) => err);
      if (failed) throw failed[0];
      const lock = accountLockSeconds(Number(results[2][1]), opts);
      if (lock > 0) await redis.set(lockKey(account), '1', 'PX', lock * 1000);
    },
    async recordSuccess(_ip, account) {
      // The IP counter is kept: an attacker must not reset it by signing in to an account of their own.
      await redis.del(failKey(account), lockKey(account));
    },
  };
}
