/**
 * Revocations and login limits shared through Redis, so several server processes agree. Keys start
 * with "tagger:"; ioredis adds its own `keyPrefix` in front when the REDIS_URL carries one
 * (redis://host:6379/?keyPrefix=staging:), which keeps deployments (and test runs) sharing one
 * Redis apart.
 */
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { RoleVersions } from '../infra/effective-permissions.ts';
import type { LoginLimiter, LoginLimits, RevocationStore } from './index.ts';
import { type CounterStore, createLoginLimiter } from './login-limiter.ts';

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

/**
 * The version of each site's custom roles (infra/effective-permissions.ts): a random value written on
 * every change, so no two versions are ever equal, even after Redis lost the key.
 */
export function createRedisRoleVersions(redis: Redis): RoleVersions {
  const key = (siteId: string) => `${PREFIX}roles:version:${siteId}`;
  return {
    current: (siteId) => redis.get(key(siteId)),
    async bump(siteId) {
      await redis.set(key(siteId), randomUUID());
    },
  };
}

/** The counter store of the sign-in limits in Redis (the same limits as in memory: login-limiter.ts). */
export function createRedisCounterStore(redis: Redis): CounterStore {
  const key = (k: string) => `${PREFIX}login:${k}`;
  const run = async (multi: ReturnType<Redis['multi']>) => {
    const results = await multi.exec();
    if (!results) throw new Error('redis transaction aborted');
    const failed = results.find(([err]) => err);
    if (failed) throw failed[0];
    return results.map(([, value]) => value);
  };
  // PTTL is -2 for a missing key and -1 for one without expiry; both mean "nothing left".
  const msLeft = (pttl: unknown) => Math.max(0, Number(pttl));
  return {
    async read(counters, locks) {
      const multi = redis.multi();
      for (const k of counters) multi.get(key(k)).pttl(key(k));
      for (const k of locks) multi.pttl(key(k));
      const values = await run(multi);
      return {
        counts: counters.map((_, i) => {
          const left = msLeft(values[2 * i + 1]);
          return left > 0 ? { n: Number(values[2 * i] ?? 0), msLeft: left } : { n: 0, msLeft: 0 };
        }),
        locks: locks.map((_, i) => msLeft(values[2 * counters.length + i])),
      };
    },
    async increment(entries) {
      // EXPIRE … NX (Redis 7) starts the window at the first failure and never extends it.
      const multi = redis.multi();
      for (const { key: k, windowSeconds } of entries) multi.incr(key(k)).expire(key(k), windowSeconds, 'NX');
      const values = await run(multi);
      return entries.map((_, i) => Number(values[2 * i]));
    },
    async lock(k, seconds) {
      await redis.set(key(k), '1', 'PX', Math.ceil(seconds * 1000));
    },
    async clear(keys) {
      if (keys.length > 0) await redis.del(...keys.map(key));
    },
  };
}

export function createRedisLoginLimiter(redis: Redis, limits: LoginLimits): LoginLimiter {
  return createLoginLimiter(createRedisCounterStore(redis), limits);
}
