/**
 * The live-event bus across processes (infra/live-events.ts): each site's events go into a Redis
 * stream (`tagger:events:<site>`, trimmed to the last 10 minutes and at most 10,000 entries, the
 * whole key expiring 10 minutes after its last event) and out on one pub/sub channel, both in one
 * script, so every process receives a site's events in the stream's order. The stream id is the
 * event's id; a reconnecting client's Last-Event-ID is replayed from the stream (XRANGE), or answered
 * with a reset when the stream has already dropped an event after it (XINFO's
 * max-deleted-entry-id), it is older than the retention, or it is no id of this stream.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { LiveEvent } from '#domain/live-events.ts';
import {
  type BusNotice,
  type LiveBus,
  RETENTION_COUNT,
  RETENTION_MS,
  type StoredEvent,
} from './live-events.ts';

const PREFIX = 'tagger:events:';

// KEYS[1] stream; ARGV: max length, retention ms, event JSON, channel, message head, expiry ms.
// The cut-off is taken from Redis's own clock, as the stream ids are.
const PUBLISH = `
local id = redis.call('XADD', KEYS[1], 'MAXLEN', '~', ARGV[1], '*', 'e', ARGV[3])
local t = redis.call('TIME')
local cutoff = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000) - tonumber(ARGV[2])
redis.call('XTRIM', KEYS[1], 'MINID', string.format('%.0f-0', cutoff))
redis.call('PEXPIRE', KEYS[1], ARGV[6])
redis.call('PUBLISH', ARGV[4], ARGV[5] .. id .. '\\n' .. ARGV[3])
return id`;

type StreamId = [number, number];
function parseId(id: string): StreamId | null {
  const match = /^(\d{1,15})-(\d{1,19})$/.exec(id);
  return match ? [Number(match[1]), Number(match[2])] : null;
}
const compare = (a: StreamId, b: StreamId) => a[0] - b[0] || a[1] - b[1];

function infoField(info: unknown[], name: string): unknown {
  for (let i = 0; i + 1 < info.length; i += 2) if (info[i] === name) return info[i + 1];
  return undefined;
}

export async function createRedisLiveBus(redis: Redis, log: FastifyBaseLogger): Promise<LiveBus> {
  // ioredis puts its keyPrefix before keys, not channels (nor XINFO's key, a subcommand's argument):
  // those carry it by hand, so two deployments sharing one Redis do not hear each other.
  const keyPrefix = (redis.options.keyPrefix as string | undefined) ?? '';
  const channel = `${keyPrefix}tagger:events`;
  const key = (siteId: string) => `${PREFIX}${siteId}`;
  const subscriber = redis.duplicate();
  let onEvent: (siteId: string, stored: StoredEvent) => void = () => {};
  let onNotice: (notice: BusNotice) => void = () => {};
  let down = false;
  let closing = false;
  subscriber.on('message', (_channel: string, message: string) => {
    const first = message.indexOf('\n');
    const second = message.indexOf('\n', first + 1);
    if (first < 0 || second < 0) return;
    try {
      const siteId = JSON.parse(message.slice(0, first)) as string;
      const event = JSON.parse(message.slice(second + 1)) as LiveEvent;
      onEvent(siteId, { id: message.slice(first + 1, second), event });
    } catch (err) {
      log.warn({ err }, 'ignored a malformed live event');
    }
  });
  subscriber.on('close', () => {
    if (down || closing) return;
    down = true;
    onNotice({ type: 'down' });
  });
  // ioredis subscribes again by itself after a reconnection.
  subscriber.on('ready', () => {
    if (!down) return;
    down = false;
    onNotice({ type: 'up' });
  });
  subscriber.on('error', () => {});
  // The app's client connects lazily (redis-client.ts), and so does its duplicate; another may not.
  if (subscriber.status === 'wait') await subscriber.connect();
  await subscriber.subscribe(channel);

  const now = async () => {
    const [seconds, micros] = await redis.time();
    return Number(seconds) * 1000 + Math.floor(Number(micros) / 1000);
  };

  return {
    async publish(siteId, event) {
      await redis.eval(
        PUBLISH,
        1,
        key(siteId),
        RETENTION_COUNT,
        RETENTION_MS,
        JSON.stringify(event),
        channel,
        `${JSON.stringify(siteId)}\n`,
        RETENTION_MS,
      );
    },
    async since(siteId, lastId) {
      const last = parseId(lastId);
      if (!last) return 'reset';
      const [at, info] = await Promise.all([
        now(),
        (redis.xinfo('STREAM', `${keyPrefix}${key(siteId)}`) as Promise<unknown[]>).catch((err: Error) => {
          if (/no such key/i.test(err.message)) return null;
          throw err;
        }),
      ]);
      if (last[0] < at - RETENTION_MS) return 'reset';
      if (!info) return [];
      const deleted = parseId(String(infoField(info, 'max-deleted-entry-id') ?? '0-0'));
      const newest = parseId(String(infoField(info, 'last-generated-id') ?? '0-0'));
      if (deleted && compare(last, deleted) < 0) return 'reset';
      if (newest && compare(last, newest) > 0 && compare(last, [at, 0]) > 0) return 'reset';
      const entries = await redis.xrange(key(siteId), `(${lastId}`, '+', 'COUNT', RETENTION_COUNT);
      return entries.flatMap(([id, fields]) => {
        const json = fields[fields.indexOf('e') + 1];
        try {
          return [{ id, event: JSON.parse(json) as LiveEvent }];
        } catch {
          return [];
        }
      });
    },
    async latest(siteId) {
      const [newest] = await redis.xrevrange(key(siteId), '+', '-', 'COUNT', 1);
      // An empty stream: "just before now" by Redis's clock, before any id it will give next.
      return newest ? newest[0] : `${(await now()) - 1}-0`;
    },
    listen(listener, notice) {
      onEvent = listener;
      onNotice = notice;
    },
    async close() {
      closing = true;
      await subscriber.quit().catch(() => subscriber.disconnect());
    },
  };
}
