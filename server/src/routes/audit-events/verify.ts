/**
 * Checks a site's hash chain from its first event: each event's prev_hash must be the hash before
 * it and its hash must be what its content gives; the head must name the last event. Reads in
 * batches by id, so a million events stay within memory. The first broken event is named.
 */
import type { Db } from '../../db/client.ts';
import { eventHash } from '../../lib/audit-record.ts';
import { chainBatch, chainHead } from '../../repositories/audit-events.ts';

export type ChainCheck =
  | { ok: true; checked: number }
  | { ok: false; checked: number; broken_id: number | null; reason: string };

const BATCH = 5000;

export async function verifyChain(db: Db, siteId: string): Promise<ChainCheck> {
  let prev = '';
  let lastId = 0;
  let checked = 0;
  for (;;) {
    const rows = await chainBatch(db, siteId, lastId, BATCH);
    for (const row of rows) {
      if (row.prevHash !== prev)
        return { ok: false, checked, broken_id: row.id, reason: 'does not follow the event before it' };
      if (eventHash(prev, row) !== row.hash)
        return { ok: false, checked, broken_id: row.id, reason: 'its content does not match its hash' };
      prev = row.hash;
      lastId = row.id;
      checked++;
    }
    if (rows.length < BATCH) break;
  }
  const head = await chainHead(db, siteId);
  if ((head?.hash ?? '') !== prev || (head?.lastId ?? 0) !== lastId)
    return { ok: false, checked, broken_id: head?.lastId ?? null, reason: 'events are missing from the end' };
  return { ok: true, checked };
}
