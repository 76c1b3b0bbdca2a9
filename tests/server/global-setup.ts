/**
 * Before the server tests: the migrated templates every test file copies (support/template-db.ts).
 * Templates of older migrations are removed.
 */
import { readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { MIGRATIONS_FOLDER, openDatabase } from '../../server/src/db/client.ts';
import {
  PG_TEMPLATE,
  PGLITE_TEMPLATE,
  PGLITE_TEMPLATE_PREFIX,
  TEMPLATE_PREFIX,
} from './support/template-db.ts';

async function makePgliteTemplate(): Promise<void> {
  for (const name of readdirSync(os.tmpdir())) {
    const full = path.join(os.tmpdir(), name);
    if (name.startsWith(PGLITE_TEMPLATE_PREFIX) && full !== PGLITE_TEMPLATE) rmSync(full, { force: true });
  }
  const client = new PGlite();
  try {
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_FOLDER });
    const dump = await client.dumpDataDir('none');
    // Written under another name and renamed, so a reader never sees half a file.
    const partial = `${PGLITE_TEMPLATE}.${process.pid}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, PGLITE_TEMPLATE);
  } finally {
    await client.close();
  }
}

async function makePostgresTemplate(adminUrl: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string }>(
      'select datname from pg_database where datname like $1',
      [`${TEMPLATE_PREFIX}%`],
    );
    for (const { datname } of rows) {
      if (datname !== PG_TEMPLATE) await admin.query(`drop database if exists ${datname} with (force)`);
    }
    if (rows.some((r) => r.datname === PG_TEMPLATE)) return;
    const building = `${PG_TEMPLATE}_${process.pid}`;
    await admin.query(`drop database if exists ${building} with (force)`);
    await admin.query(`create database ${building}`);
    const url = new URL(adminUrl);
    url.pathname = `/${building}`;
    const database = await openDatabase({ url: url.toString(), poolSize: 1 });
    await database.close();
    // Renamed only once migrated: a template under its final name is always complete.
    await admin.query(`alter database ${building} rename to ${PG_TEMPLATE}`);
  } finally {
    await admin.end();
  }
}

export async function setup(): Promise<void> {
  await makePgliteTemplate();
  if (process.env.TEST_DATABASE_URL) await makePostgresTemplate(process.env.TEST_DATABASE_URL);
}
