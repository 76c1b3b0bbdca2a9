/**
 * No log line ever holds a password, a password hash, an access token or a refresh cookie: the
 * log stream is captured while requests fail in the database with a password in the body, while
 * a user signs in and refreshes, and while the server answers a forced 500.
 */
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/src/app.ts';
import {
  ADMIN,
  bearer,
  createTestDatabase,
  DRIVERS,
  refreshCookieOf,
  type TestDatabase,
  testConfig,
} from './helpers.ts';

const SECRET_PASSWORD = 'Sup3r-Secret-Passw0rd';

describe.each(DRIVERS)('what the logs never contain (%s)', (driver) => {
  let db: TestDatabase;
  let app: FastifyInstance;
  const lines: string[] = [];
  const secrets: string[] = [SECRET_PASSWORD, ADMIN.password];

  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });

  beforeAll(async () => {
    db = await createTestDatabase(driver);
    app = await buildApp({ config: testConfig(), database: db.database, logger: { level: 'trace', stream } });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await db.drop();
  });

  /** Every captured line, checked for every secret seen so far and for any argon2 hash. */
  const expectClean = () => {
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) {
      for (const secret of secrets) expect(line).not.toContain(secret);
      expect(line).not.toMatch(/\$argon2id?\$/);
    }
  };

  it('keeps sign-in and refresh secrets out of the log', async () => {
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: ADMIN.email, password: ADMIN.password },
    });
    expect(signIn.statusCode).toBe(200);
    const token = signIn.json().token as string;
    const cookie = refreshCookieOf(signIn)!;
    secrets.push(token, cookie.split('=')[1]);
    const refresh = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      headers: { 'content-type': 'application/json', cookie },
    });
    expect(refresh.statusCode).toBe(200);
    secrets.push(refresh.json().token, refreshCookieOf(refresh)!.split('=')[1]);
    await app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(token) });
    expectClean();
  });

  it('keeps the password and its hash out of the log when the database fails a write', async () => {
    const admin = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: ADMIN.email, password: ADMIN.password },
    });
    const headers = bearer(admin.json().token);
    secrets.push(admin.json().token);
    const created = await app.inject({
      method: 'POST',
      url: '/api/v1/users',
      headers,
      payload: {
        first_name: 'Log',
        last_name: 'Probe',
        email: 'probe@example.com',
        password: 'First123!',
        role: 'worker',
      },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().user.id;

    // Writes to users now fail inside the database: an insert misses a NOT NULL column (the
    // error's detail lists the failing row, hash included), and an update meets a trigger.
    await app.database.db.execute(
      sql.raw(`alter table users add column log_probe text not null default 'x'`),
    );
    await app.database.db.execute(sql.raw(`alter table users alter column log_probe drop default`));
    await app.database.db.execute(
      sql.raw(`create function log_probe_fail() returns trigger language plpgsql as $$
        begin raise exception 'forced failure'; end $$`),
    );
    await app.database.db.execute(
      sql.raw(`create trigger log_probe before update of password_hash on users
        for each row execute function log_probe_fail()`),
    );
    try {
      const insert = await app.inject({
        method: 'POST',
        url: '/api/v1/users',
        headers,
        payload: {
          first_name: 'Log',
          last_name: 'Probe',
          email: 'probe2@example.com',
          password: SECRET_PASSWORD,
          role: 'worker',
        },
      });
      expect(insert.statusCode).toBe(500);
      const update = await app.inject({
        method: 'PUT',
        url: `/api/v1/users/${id}`,
        headers,
        payload: { password: SECRET_PASSWORD },
      });
      expect(update.statusCode).toBe(500);
      expect(update.json()).toMatchObject({ statusCode: 500, code: 'INTERNAL_ERROR' });
      expect(update.body).not.toContain('forced failure');
    } finally {
      await app.database.db.execute(sql.raw('drop trigger log_probe on users'));
      await app.database.db.execute(sql.raw('drop function log_probe_fail()'));
      await app.database.db.execute(sql.raw('alter table users drop column log_probe'));
    }
    // The failures were logged (so the test looked at real error lines), without their values.
    const errorLines = lines.filter((l) => JSON.parse(l).level >= 50);
    expect(errorLines.length).toBeGreaterThanOrEqual(2);
    expect(errorLines.join('\n')).toContain('Failed query');
    expectClean();
  });
});
