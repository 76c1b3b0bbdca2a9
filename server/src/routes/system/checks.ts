/**
 * Health checks for GET /system/health. Each check is bounded by a timeout and turns any failure
 * into an 'unhealthy' entry with its message, so the health page itself never fails with a 500.
 */
import { readFileSync } from 'node:fs';
import os from 'node:os';
import type { Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { ServiceHealth as ServiceHealthSchema } from '../../schemas/system.ts';

type ServiceHealth = Static<typeof ServiceHealthSchema>;

/** The product's version (package.json), which is what an admin compares with a release note. */
const API_VERSION: string = JSON.parse(
  readFileSync(new URL('../../../../package.json', import.meta.url), 'utf8'),
).version;

const CHECK_TIMEOUT_MS = 3000;
/** A check slower than this answers, but the service is called degraded. */
const SLOW_MS = 1000;

const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`No answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function timed(name: string, check: () => Promise<Omit<ServiceHealth, 'name' | 'response_time'>>) {
  const started = performance.now();
  try {
    const result = await withTimeout(check(), CHECK_TIMEOUT_MS);
    const response_time = round(performance.now() - started, 2);
    const status = result.status === 'healthy' && response_time > SLOW_MS ? 'degraded' : result.status;
    return { name, ...result, status, response_time };
  } catch (err) {
    return {
      name,
      status: 'unhealthy' as const,
      response_time: round(performance.now() - started, 2),
      details: { error_message: err instanceof Error ? err.message : String(err) },
    };
  }
}

async function checkDatabase(app: FastifyInstance) {
  const database = app.database;
  const [row] = await database.query<{ version: string; size: string }>(
    'select version() as version, pg_size_pretty(pg_database_size(current_database())) as size',
  );
  let connections = database.stats().total;
  if (database.kind === 'postgres') {
    const [count] = await database.query<{ n: number }>(
      'select count(*)::int as n from pg_stat_activity where datname = current_database()',
    );
    connections = count?.n ?? connections;
  }
  const version = /PostgreSQL\s+(\S+)/.exec(row?.version ?? '')?.[1] ?? row?.version;
  return { status: 'healthy' as const, details: { version, connections, size: row?.size } };
}

let lastCpu = { at: performance.now(), usage: process.cpuUsage() };

/** CPU since the previous health call (or process start), as a percentage of all cores. */
function cpuPercent(): number {
  const now = performance.now();
  const usage = process.cpuUsage();
  const previous = lastCpu;
  const fresh = now - previous.at < 100;
  const elapsedUs = fresh ? process.uptime() * 1e6 : (now - previous.at) * 1000;
  const usedUs = fresh
    ? usage.user + usage.system
    : usage.user - previous.usage.user + (usage.system - previous.usage.system);
  if (!fresh) lastCpu = { at: now, usage };
  return round(Math.min(100, (usedUs / elapsedUs / os.availableParallelism()) * 100));
}

async function checkApi() {
  const memory_usage = round((process.memoryUsage().rss / os.totalmem()) * 100);
  const cpu_usage = cpuPercent();
  const status: ServiceHealth['status'] = memory_usage > 90 || cpu_usage > 90 ? 'degraded' : 'healthy';
  return {
    status,
    details: { version: API_VERSION, runtime: `Node.js ${process.versions.node}`, memory_usage, cpu_usage },
  };
}

function infoField(info: string, key: string): string | undefined {
  return new RegExp(`^${key}:(.*)$`, 'm').exec(info)?.[1]?.trim();
}

async function checkRedis(redis: Redis) {
  const pong = await redis.ping();
  if (pong !== 'PONG') throw new Error(`Unexpected PING answer: ${pong}`);
  const info = await redis.info();
  const used = Number(infoField(info, 'used_memory'));
  const max = Number(infoField(info, 'maxmemory')) || Number(infoField(info, 'total_system_memory'));
  const connections = Number(infoField(info, 'connected_clients'));
  return {
    status: 'healthy' as const,
    details: {
      version: infoField(info, 'redis_version'),
      connections: Number.isFinite(connections) ? connections : undefined,
      memory_usage: used > 0 && max > 0 ? round((used / max) * 100) : undefined,
    },
  };
}

export async function checkServices(app: FastifyInstance): Promise<ServiceHealth[]> {
  const checks = [timed('database', () => checkDatabase(app)), timed('api', checkApi)];
  const redis = app.services.redis;
  if (redis) checks.push(timed('redis', () => checkRedis(redis)));
  return Promise.all(checks);
}
