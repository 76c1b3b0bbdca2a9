/**
 * Database errors that are the client's fault become 4xx; two transactions the database could not
 * both let through (a deadlock, a serialization failure) become a 409 to try again, having changed
 * nothing; a lost database becomes 503.
 * Drizzle wraps driver errors, so the original is looked for in the cause chain.
 */
import { uniqueMessage } from '../db/unique-messages.ts';
import { HttpError } from './errors.ts';

interface PgLikeError {
  code?: string;
  constraint?: string;
  message?: string;
}

const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EPIPE',
  '57P01', // admin_shutdown
  '57P02',
  '57P03', // cannot_connect_now
  '08000',
  '08003',
  '08006',
  '08001',
  '08004',
]);

export function findPgError(err: unknown): PgLikeError | undefined {
  let current: unknown = err;
  for (let depth = 0; current && depth < 5; depth++) {
    const c = current as PgLikeError & { cause?: unknown };
    if (typeof c.code === 'string') return c;
    current = c.cause;
  }
  return undefined;
}

/** A unique violation's field and message (from its constraint), or undefined for any other error. */
export function uniqueViolation(err: unknown): { field: string; message: string } | undefined {
  const pg = findPgError(err);
  if (pg?.code !== '23505') return undefined;
  return (
    (pg.constraint ? uniqueMessage(pg.constraint) : undefined) ?? {
      field: 'id',
      message: 'This record already exists',
    }
  );
}

function isConnectionFailure(err: unknown): boolean {
  let current: unknown = err;
  for (let depth = 0; current && depth < 5; depth++) {
    const c = current as { code?: string; message?: string; cause?: unknown };
    if (c.code && CONNECTION_CODES.has(c.code)) return true;
    if (
      typeof c.message === 'string' &&
      /Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error/i.test(
        c.message,
      )
    )
      return true;
    current = c.cause;
  }
  return false;
}

/**
 * ioredis refusing a command while Redis is unreachable (offline queue disabled, retries
 * exhausted) or not answering it in time (infra/redis-client.ts).
 */
function isRedisUnavailable(err: unknown): boolean {
  const e = err as { name?: string; message?: string };
  return (
    e?.name === 'MaxRetriesPerRequestError' ||
    (typeof e?.message === 'string' &&
      /Stream isn't writeable|Connection is closed|enableOfflineQueue options is false|^Command timed out|^Socket timeout|Command aborted due to connection close/.test(
        e.message,
      ))
  );
}

export function mapDatabaseError(err: unknown): HttpError | undefined {
  if (isRedisUnavailable(err)) {
    return new HttpError(
      503,
      'A service the API needs is temporarily unavailable. Please try again shortly.',
      {
        code: 'REDIS_UNAVAILABLE',
      },
    );
  }
  if (isConnectionFailure(err)) {
    return new HttpError(503, 'The database is temporarily unavailable. Please try again shortly.', {
      code: 'DATABASE_UNAVAILABLE',
    });
  }
  const pgErr = findPgError(err);
  if (!pgErr?.code) return undefined;
  switch (pgErr.code) {
    case '23505': {
      const known = pgErr.constraint ? uniqueMessage(pgErr.constraint) : undefined;
      const field = known?.field ?? 'id';
      const message = known?.message ?? 'This record already exists';
      return new HttpError(409, message, { code: 'CONFLICT', details: [{ field, message, rule: 'unique' }] });
    }
    case '40P01': // deadlock_detected: PostgreSQL ended one of two transactions waiting on each other
    case '40001': // serialization_failure
      return new HttpError(
        409,
        'Someone else changed the same records at the same moment. Please try again.',
        { code: 'CONCURRENT_CHANGE' },
      );
    case '23503':
      return new HttpError(409, 'This record is still referenced by other records', { code: 'REFERENCED' });
    case '23514':
    case '22P02':
    case '22003':
    case '22001':
      return new HttpError(400, 'A value is out of range or not valid', { code: 'INVALID_VALUE' });
    default:
      return undefined;
  }
}
