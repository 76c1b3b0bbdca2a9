/**
 * A PostgreSQL connection lost in the middle of a transaction (the database restarted, the network
 * cut) fails that transaction and nothing else: the process goes on, and the next query gets a new
 * connection. The pool takes its own error listener off a client it hands out, so without one of
 * ours the dying socket's 'error' went unheard and ended the server (a CI run's system-status
 * outage test saw the server exit with "Unhandled 'error' event ... ECONNRESET").
 */

import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './helpers.ts';

const adminUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!adminUrl)('a PostgreSQL connection lost mid-transaction', () => {
  let test: TestDatabase;
  const uncaught: unknown[] = [];
  const onUncaught = (err: unknown) => uncaught.push(err);

  beforeAll(async () => {
    test = await createTestDatabase('postgres');
    process.on('uncaughtException', onUncaught);
  });
  afterAll(async () => {
    process.off('uncaughtException', onUncaught);
    await test?.drop();
  });

  async function terminate(pid: number) {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query('select pg_terminate_backend($1)', [pid]);
    await admin.end();
  }

  it('fails the transaction, not the process, and the next query gets a new connection', async () => {
    const { db } = test.database;
    let firstPid = 0;
    const run = db.transaction(async (tx) => {
      const rows = (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as {
        rows: { pid: number }[];
      };
      firstPid = rows.rows[0].pid;
      await terminate(firstPid);
      // Give the socket's end time to arrive before the next statement is sent.
      await new Promise((resolve) => setTimeout(resolve, 200));
      await tx.execute(sql`select 1`);
    });
    await expect(run).rejects.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(uncaught).toEqual([]);

    const [row] = await test.database.query<{ pid: number }>('select pg_backend_pid() as pid');
    expect(row.pid).not.toBe(firstPid);
  });
});
