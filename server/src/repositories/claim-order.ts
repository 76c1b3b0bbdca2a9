/**
 * Queue claims (webhook deliveries, notification emails) walk their due index in order and stop
 * at the batch's size, so a claim costs the same with 10 or 100,000 rows due. The planner is told
 * so for the claim's transaction: a burst arrives faster than statistics follow (PGlite never
 * analyzes, autovacuum takes a minute), and with the last statistics saying "few due" it read
 * every due row (a bitmap scan), checked each, and sorted them all: 40 ms a claim with 10,000
 * due, on every batch of the burst (on PGlite, 40 ms the event loop could not answer requests).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/** For the rest of the transaction `tx`: no sorts, bitmap scans, hash or merge joins. */
export async function preferIndexOrder(tx: Db): Promise<void> {
  await tx.execute(sql`select set_config('enable_sort', 'off', true), set_config('enable_bitmapscan', 'off', true),
    set_config('enable_hashjoin', 'off', true), set_config('enable_mergejoin', 'off', true)`);
}
