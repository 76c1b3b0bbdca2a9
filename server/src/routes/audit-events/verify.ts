/**
 * Checks a site's hash chain from its first event, in chain order (each seal's `seq`): each seal's
 * prev_hash must be the hash before it and its hash must be what its event's content gives (an
 * event that is gone breaks it too); the head must name the last event. Reads in batches, so a
 * million events stay within memory. The first broken event is named. Events written but not sealed yet are not part of the chain: they are counted as pending,
 * never as broken (the caller seals first, so they are only those committed meanwhile).
 */
import type { Db } from '../../db/client.ts';
import { eventHash } from '../../lib/audit-record.ts';
import { chainBatch, chainHead, unsealedCount } from '../../repositories/audit-events.ts';

/**
 * Why the chain breaks: an event whose prev_hash is not the hash before it (one was removed or
 * inserted before it), an event whose content does not give its hash (it was changed), or a chain
 * that does not end where its head says (events removed from the end).
 */
export type ChainBreak = 'link' | 'content' | 'end';

export type ChainCheck =
  | { ok: true; checked: number; pending: number }
  | { ok: false; checked: number; pending: number; broken_id: number | null; reason: ChainBreak };

type Walk =
  | { ok: true; checked: number }
  | { ok: false; checked: number; broken_id: number | null; reason: ChainBreak };

const BATCH = 5000;

async function walk(db: Db, siteId: string): Promise<Walk> {
  let prev = '';
  let lastSeq = 0;
  let lastId = 0;
  let checked = 0;
  for (;;) {
    const rows = await chainBatch(db, siteId, lastSeq, BATCH);
    for (const { seal, event } of rows) {
      if (seal.prevHash !== prev || seal.seq !== lastSeq + 1)
        return { ok: false, checked, broken_id: seal.eventId, reason: 'link' };
      if (!event || eventHash(prev, event) !== seal.hash)
        return { ok: false, checked, broken_id: seal.eventId, reason: 'content' };
      prev = seal.hash;
      lastSeq = seal.seq;
      lastId = seal.eventId;
      checked++;
    }
    if (rows.length === BATCH) continue;
    const head = await chainHead(db, siteId);
    // Sealed while the walk ran: go on from where it stopped (the head and its events commit together).
    if ((head?.seq ?? 0) > lastSeq && (await chainBatch(db, siteId, lastSeq, 1)).length > 0) continue;
    if ((head?.hash ?? '') !== prev || (head?.seq ?? 0) !== lastSeq || (head?.lastId ?? 0) !== lastId)
      return { ok: false, checked, broken_id: head?.lastId ?? null, reason: 'end' };
    return { ok: true, checked };
  }
}

export async function verifyChain(db: Db, siteId: string): Promise<ChainCheck> {
  const check = await walk(db, siteId);
  return { ...check, pending: await unsealedCount(db, siteId) };
}
