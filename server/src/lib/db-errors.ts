/**
 * Database errors that are the client's fault become 4xx; a lost database becomes 503.
 * Drizzle wraps driver errors, so the original is looked for in the cause chain.
 */
import { HttpError } from './errors.ts';

interface PgLikeError {
  code?: string;
  constraint?: string;
  message?: string;
}

/** Unique constraint name → the field it concerns and the message a form shows. */
const UNIQUE_FIELDS: Record<string, { field: string; message: string }> = {
  users_site_email_unique: { field: 'email', message: 'A user with this email already exists' },
  positions_site_code_unique: { field: 'position_code', message: 'A position with this code already exists' },
  positions_site_nfc_unique: {
    field: 'nfc_tag_id',
    message: 'This NFC tag is already used by another position',
  },
  position_groups_site_code_unique: {
    field: 'group_code',
    message: 'A position group with this code already exists',
  },
  user_groups_site_code_unique: {
    field: 'group_code',
    message: 'A user group with this code already exists',
  },
  tasks_site_code_unique: { field: 'task_code', message: 'A task with this code already exists' },
  task_templates_site_code_unique: {
    field: 'task_code',
    message: 'A template with this code already exists',
  },
  task_dependencies_unique: { field: 'depends_on_task_id', message: 'This dependency already exists' },
  user_group_position_access_unique: {
    field: 'position_group_id',
    message: 'This access is already granted',
  },
  custom_roles_site_name_unique: { field: 'name', message: 'A role with this name already exists' },
  position_task_assignments_pkey: {
    field: 'task_id',
    message: 'This task is already assigned to the position',
  },
  user_group_members_pkey: { field: 'user_id', message: 'The user is already a member of this group' },
};

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

/** ioredis refusing a command while Redis is unreachable (offline queue disabled, retries exhausted). */
function isRedisUnavailable(err: unknown): boolean {
  const e = err as { name?: string; message?: string };
  return (
    e?.name === 'MaxRetriesPerRequestError' ||
    (typeof e?.message === 'string' &&
      /Stream isn't writeable|Connection is closed|enableOfflineQueue options is false/.test(e.message))
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
      const known = pgErr.constraint ? UNIQUE_FIELDS[pgErr.constraint] : undefined;
      const field = known?.field ?? 'id';
      const message = known?.message ?? 'This record already exists';
      return new HttpError(409, message, { code: 'CONFLICT', details: [{ field, message, rule: 'unique' }] });
    }
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
