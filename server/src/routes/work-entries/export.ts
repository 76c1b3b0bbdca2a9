/**
 * GET /work-entries/export: every matching entry as CSV, streamed. One keyset batch at a time is
 * read (PostgreSQL writes its lines, repositories/work-entries-csv.ts) and handed on as the client
 * takes it: the stream asks for the next batch only when the previous one has been consumed, so
 * memory stays flat whatever the row count, and there is no row cap. One query is in flight at a
 * time (one pool connection), in its turn among all exports (infra/export-slots.ts), and the event
 * loop is given back between batches; how many exports run at once is bounded by export-slot.ts.
 */
import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyReply } from 'fastify';
import * as repo from '../../repositories/work-entries.ts';
import { CSV_COLUMNS, csvBatch } from '../../repositories/work-entries-csv.ts';
import { FEW_MATCHES } from '../../repositories/work-entries-list.ts';
import type { WorkEntryFilters } from '../../schemas/work-entry.ts';
import type { RequestContext } from '../../types.ts';
import { conditionFor, keysetOf } from './service.ts';

const BATCH = 5000;

export async function exportWorkEntries(ctx: RequestContext, q: WorkEntryFilters, reply: FastifyReply) {
  const condition = await conditionFor(ctx, q);
  const total = await repo.countAll(ctx.db, condition);
  const keyset = { ...keysetOf(q), few: total < FEW_MATCHES, status: q.status };
  async function* lines() {
    // A byte-order mark, so spreadsheet programs read the names as UTF-8.
    yield `\ufeff${CSV_COLUMNS.join(',')}\r\n`;
    // The next batch is read while this one is being sent (two at most in hand).
    const read = (cursor?: string) =>
      ctx.services.exportSlots.turn(() => csvBatch(ctx.db, condition, keyset, BATCH, cursor));
    let next = read();
    try {
      for (;;) {
        const batch = await next;
        if (batch.nextCursor) next = read(batch.nextCursor);
        if (batch.csv) yield batch.csv;
        if (!batch.nextCursor) return;
        // Other requests' callbacks run between batches, however fast the client reads.
        await nextTurn();
      }
    } finally {
      // A client gone mid-download leaves the batch read ahead unread: its failure is no one's error.
      next.catch(() => {});
    }
  }
  const day = new Date().toISOString().slice(0, 10);
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="work-entries-${day}.csv"`)
    .header('x-total-count', String(total))
    .send(Readable.from(lines(), { objectMode: false }));
}
