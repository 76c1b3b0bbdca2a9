/**
 * The Redis client: bounded waits, so a Redis that stops answering (a network partition: the
 * connection stays open, nothing comes back) fails requests fast with REDIS_UNAVAILABLE instead of
 * holding them until it returns, and the client finds its way back by itself.
 * - A command not answered within COMMAND_TIMEOUT_MS is rejected; a connection with commands
 *   waiting and no data for as long is dropped and reconnected, and while it is down (connecting,
 *   or waiting for the ready check) commands fail at once: there is no offline queue.
 * - An outage is logged once when it starts (with the error's message and code) and once when
 *   Redis answers again, not per command or per reconnection attempt.
 */
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

export const REDIS_COMMAND_TIMEOUT_MS = 1000;
const CONNECT_TIMEOUT_MS = 1000;

export function createRedisClient(url: string, log: FastifyBaseLogger): Redis {
  const redis = new Redis(url, {
    connectTimeout: CONNECT_TIMEOUT_MS,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    socketTimeout: REDIS_COMMAND_TIMEOUT_MS,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    // Reconnect soon after a drop, then every second at most while Redis stays away.
    retryStrategy: (times) => Math.min(times * 100, 1000),
    lazyConnect: true,
  });
  let down: { since: number } | null = null;
  const outage = (err: Error) => {
    if (down) return;
    down = { since: Date.now() };
    log.warn({ err }, 'redis unavailable: requests that need it answer 503 until it is back');
  };
  redis.on('error', outage);
  // Only a close the client did not ask for is followed by a reconnection (quit on shutdown is not).
  redis.on('reconnecting', () => outage(new Error('Connection to Redis lost')));
  redis.on('ready', () => {
    if (!down) return;
    log.info({ outageMs: Date.now() - down.since }, 'redis available again');
    down = null;
  });
  return redis;
}
