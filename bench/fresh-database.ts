/** A benchmark's own PostgreSQL database, made afresh: dropped if it exists, then created. */
import pg from 'pg';

export async function freshPgDatabase(url: string): Promise<void> {
  const admin = new pg.Client({ connectionString: new URL('/postgres', url).toString() });
  await admin.connect();
  const name = new URL(url).pathname.slice(1);
  await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.query(`create database "${name}"`);
  await admin.end();
}
