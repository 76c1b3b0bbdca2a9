/**
 * Checks a site's hash chain from its first event: each event's prev_hash must be the hash before
 * it and its hash must be what its content gives; the head must name the last event. Reads in
 * batches by id, so a million events stay within memory. The first broken event is named.
 */
import type { Db } from '../../db/client.ts';
import { eventHash } from '../../lib/audit-record.ts';
import { chainBatch, chainHead } from '../../repositories/audit-events.ts';

/**
 * Why the chain breaks: an event whose prev_hash is not the hash before it (one was removed or
 * inserted before it), an event whose content does not give its hash (it was changed), or a chain
 * that does not end where its head says (events removed from the end).
 */
export type ChainBreak = 'link' | 'content' | 'end';

export type ChainCheck =
  | { ok: true; checked: number }
  | { ok: false; checked: number; broken_id: number | null; reason: ChainBreak };

const BATCH = 5000;

export async function verifyChain(db: Db, siteId: string): Promise<ChainCheck> {
  let prev = '';
  let lastId = 0;
  let checked = 0;
  for (;;) {
    const rows = await chainBatch(db, siteId, lastId, BATCH);
    for (const row of rows) {
      if (row.prevHash !== prev) return { ok: false, checked, broken_id: row.id, reason: 'link' };
      if (eventHash(prev, row) !== row.hash)
        return { ok: false, checked, broken_id: row.id, reason: 'content' };
      prev = row.hash;
      lastId = row.id;
      checked++;
    }
    if (rows.length < BATCH) break;
  }
  const head = await chainHead(db, siteId);
  if ((head?.hash ?? '') !== prev || (head?.lastId ?? 0) !== lastId)
    return { ok: false, checked, broken_id: head?.lastId ?? null, reason: 'end' };
  return { ok: true, checked };
}
