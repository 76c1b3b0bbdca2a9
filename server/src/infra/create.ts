import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { shareSiteRoles } from '../infra/effective-permissions.ts';
import { findSessionState } from '../repositories/sessions.ts';
import { createExportSlots } from './export-slots.ts';
import type { LoginLimits, Services } from './index.ts';
import { createLiveEvents, createMemoryLiveBus } from './live-events.ts';
import { createLiveSessions } from './live-sessions.ts';
import { createMailer } from './mailer.ts';
import { createMemoryCounterStore, createMemoryLoginLimiter } from './memory-stores.ts';
import { createPasswordService } from './passwords.ts';
import { createPhotoStore } from './photo-stores.ts';
import { createRedisClient } from './redis-client.ts';
import { createRedisLiveBus } from './redis-live-events.ts';
import {
  createRedisCounterStore,
  createRedisLoginLimiter,
  createRedisRevocationStore,
  createRedisRoleVersions,
} from './redis-stores.ts';
import { createRequestLimiter } from './request-limiter.ts';
import { createTokenService } from './tokens.ts';
import { createTrustedDevices } from './trusted-devices.ts';

export async function createServices(
  config: Config,
  jwtSecret: string,
  log: FastifyBaseLogger,
  db: Db,
): Promise<Services> {
  const limits: LoginLimits = {
    ipMaxFailures: config.loginIpMaxFailures,
    ipWindowSeconds: config.loginIpWindowSeconds,
    accountMaxFailures: config.loginAccountMaxFailures,
    accountLockSeconds: config.loginAccountLockSeconds,
    accountLockMaxSeconds: config.loginAccountLockMaxSeconds,
    accountDailyMaxFailures: config.loginAccountDailyMaxFailures,
  };
  // The bucket is checked before anything else starts: a missing one is a clear error at start,
  // not a failed upload later.
  const photos = createPhotoStore(config.photos, config.dataDir);
  try {
    await photos.check();
  } catch (err) {
    photos.close();
    throw err;
  }
  let redis: Redis | null = null;
  if (config.redisUrl) {
    redis = createRedisClient(config.redisUrl, log);
    await redis.connect();
  }
  // Custom-role changes reach the other processes through Redis; without it this process is alone.
  shareSiteRoles(db, redis ? createRedisRoleVersions(redis) : null);
  // Live events between processes through Redis (a stream and pub/sub); without it, in memory.
  const live = createLiveEvents(redis ? await createRedisLiveBus(redis, log) : createMemoryLiveBus(), log);
  return {
    tokens: createTokenService(jwtSecret, config.accessTokenTtl),
    passwords: createPasswordService(config.argon2),
    revocations: redis ? createRedisRevocationStore(redis, config.accessTokenTtl) : null,
    liveSessions: createLiveSessions((sessionId) => findSessionState(db, sessionId)),
    loginLimiter: redis ? createRedisLoginLimiter(redis, limits) : createMemoryLoginLimiter(limits),
    trustedDevices: createTrustedDevices(jwtSecret, config.trustedDeviceTtl),
    resetLimiter: createRequestLimiter(
      redis ? createRedisCounterStore(redis) : createMemoryCounterStore(),
      'reset',
      {
        accountMax: config.resetAccountMaxRequests,
        accountWindowSeconds: config.resetAccountWindowSeconds,
        ipMax: config.resetIpMaxRequests,
        ipWindowSeconds: config.resetIpWindowSeconds,
      },
    ),
    shareLimiter: createRequestLimiter(
      redis ? createRedisCounterStore(redis) : createMemoryCounterStore(),
      'share',
      {
        accountMax: config.shareLinkMaxRequests,
        accountWindowSeconds: 60,
        ipMax: config.shareIpMaxRequests,
        ipWindowSeconds: 60,
      },
    ),
    mailer: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom }, log),
    exportSlots: createExportSlots(config.exportsPerUser, config.exportsPerSite),
    redis,
    photos,
    live,
  };
}
