/**
 * What the work entry list's tests share: SQL run on a connection of its own (on PostgreSQL
 * another session, as another process would run it), the statements the app sends while a request
 * runs, and the list read page by page.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { expect } from 'vitest';
import type { TestApp } from './helpers.ts';
import type { Actor } from './support/actors.ts';

/** Runs SQL outside the app: another PostgreSQL session, or straight into PGlite (one process owns it). */
export async function elsewhere(t: TestApp, text: string, values: unknown[] = []) {
  if (!t.url) {
    await t.app.database.db.execute(sql.raw(text.replace(/\$(\d+)/g, (_, i) => String(values[i - 1]))));
    return;
  }
  const client = new pg.Client({ connectionString: t.url });
  await client.connect();
  try {
    await client.query(text, values);
  } finally {
    await client.end();
  }
}

/** Statements the app sends to the database while `run` runs (the session check left out). */
export async function statementsDuring(t: TestApp, run: () => Promise<unknown>) {
  const client = (t.app.database.db as unknown as { $client: { query: (...a: unknown[]) => unknown } })
    .$client;
  const original = client.query;
  const seen: string[] = [];
  client.query = function (this: unknown, ...args: unknown[]) {
    const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text: string }).text;
    if (!/"sessions"/.test(text)) seen.push(text);
    return original.apply(this, args);
  };
  try {
    await run();
  } finally {
    client.query = original;
  }
  return seen;
}

/** GET /work-entries?query as `who`, which must answer 200; its JSON body. */
export async function listEntries(t: TestApp, who: Actor, query: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/work-entries?${query}`,
    headers: who.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** A page of GET /work-entries: its rows' ids and what the paging tests read. */
export interface EntriesPage {
  work_entries: { id: number }[];
  next_cursor: string | null;
  total: number | null;
  total_capped: boolean;
}

/** Every page of a query as `who`, following next_cursor: the first page, and every row's id in order. */
export async function everyEntryPage(t: TestApp, who: Actor, query: string) {
  const first: EntriesPage = await listEntries(t, who, query);
  const ids = first.work_entries.map((e) => e.id);
  let page = first;
  while (page.next_cursor) {
    page = await listEntries(t, who, `${query}&cursor=${encodeURIComponent(page.next_cursor)}`);
    ids.push(...page.work_entries.map((e) => e.id));
  }
  return { first, ids };
}
