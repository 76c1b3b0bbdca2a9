/** How database failures reach the client: never a 500 for what a retry or the client can fix. */
import { describe, expect, it } from 'vitest';
import '../../server/src/db/schema/positions.ts';
import { mapDatabaseError } from '../../server/src/lib/db-errors.ts';

/** Drizzle wraps the driver's error; the mapping looks through the cause. */
const wrapped = (code: string, constraint?: string) =>
  Object.assign(new Error('Failed query'), {
    cause: Object.assign(new Error('driver'), { code, constraint }),
  });

describe('mapDatabaseError', () => {
  it.each(['40P01', '40001'])('a transaction the database ended (%s) is a 409 to try again', (code) => {
    const mapped = mapDatabaseError(wrapped(code));
    expect(mapped).toMatchObject({ statusCode: 409, code: 'CONCURRENT_CHANGE' });
    expect(mapped?.message).toMatch(/try again/);
  });

  it('a unique clash is a 409 naming the field; an unknown constraint names id', () => {
    // The positions table declared its constraints' messages when its module loaded.
    expect(mapDatabaseError(wrapped('23505', 'positions_site_code_unique'))).toMatchObject({
      statusCode: 409,
      message: 'A position with this code already exists',
      details: [{ field: 'position_code', rule: 'unique' }],
    });
    expect(mapDatabaseError(wrapped('23505', 'no_such_constraint'))).toMatchObject({
      statusCode: 409,
      code: 'CONFLICT',
      details: [{ field: 'id', rule: 'unique' }],
    });
  });

  it('a lost connection is a 503; an unknown error is left to the 500 handler', () => {
    expect(mapDatabaseError(Object.assign(new Error('x'), { code: 'ECONNREFUSED' }))).toMatchObject({
      statusCode: 503,
      code: 'DATABASE_UNAVAILABLE',
    });
    expect(mapDatabaseError(new Error('something else'))).toBeUndefined();
  });
});
