/**
 * GET /users serves a cached body while the rows are unchanged. On PostgreSQL, transactions
 * commit in any order: a write by an older transaction that commits after a newer one must still
 * be seen on the next request.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, bearer, buildTestApp, login, type TestApp } from './helpers.ts';

const postgres = process.env.TEST_DATABASE_URL ? describe : describe.skip;

postgres('users list cache on PostgreSQL', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await buildTestApp('postgres');
    token = (await login(t.app, ADMIN.email, ADMIN.password)).token;
  });
  afterAll(() => t?.close());

  const names = async () =>
    (
      (await t.app.inject({ method: 'GET', url: '/api/v1/users', headers: bearer(token) })).json().users as {
        last_name: string;
      }[]
    ).map((u) => u.last_name);

  it('shows a write from an older transaction that commits after a newer one', async () => {
    const older = new pg.Client({ connectionString: t.url });
    const newer = new pg.Client({ connectionString: t.url });
    await older.connect();
    await newer.connect();
    try {
      await older.query('begin');
      await older.query('select txid_current()'); // the older transaction id
      await newer.query('begin');
      await newer.query('select txid_current()');
      await newer.query(
        `insert into users (site_id, email, first_name, last_name, role, password_hash)
         values ('main', 'late@example.com', 'Late', 'Comer', 'worker', 'x')`,
      );
      await newer.query('commit');
      expect(await names()).toContain('Comer'); // the list is now cached

      await older.query(`update users set last_name = 'Renamed' where email = '${ADMIN.email}'`);
      await older.query('commit');
      expect(await names()).toContain('Renamed');
    } finally {
      await older.end();
      await newer.end();
    }
  });
});
