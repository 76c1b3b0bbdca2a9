/**
 * GET /work-entries/archive/export: every matching archived entry as CSV, streamed a keyset batch
 * at a time (the next batch is read only when the previous one has been taken), with the live
 * export's columns plus archived_at. Text cells follow the one CSV cell rule (lib/csv.ts), as in
 * the live export.
 */
import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyReply } from 'fastify';
import { csvText as textCell } from '../../lib/csv.ts';
import * as repo from '../../repositories/work-entries-archive-list.ts';
import { CSV_COLUMNS } from '../../repositories/work-entries-csv.ts';
import type { ArchiveFilters } from '../../schemas/work-entry-archive.ts';
import type { RequestContext } from '../../types.ts';
import { archiveConditionFor } from './service.ts';

const BATCH = 2000;

export const ARCHIVE_CSV_COLUMNS = [...CSV_COLUMNS, 'archived_at'] as const;

const numberCell = (value: number | null) => (value === null ? '' : String(value));
const timeCell = (value: Date | null) => (value ? value.toISOString() : '');

function line(r: repo.ArchivedRow): string {
  return [
    numberCell(r.id),
    textCell(r.firstName),
    textCell(r.lastName),
    textCell(r.positionName),
    textCell(r.taskName),
    r.status,
    timeCell(r.startedAt),
    timeCell(r.completedAt),
    numberCell(r.durationMinutes),
    textCell(r.notes),
    textCell(r.nfcTagId),
    numberCell(r.latitude),
    numberCell(r.longitude),
    numberCell(r.distanceMeters),
    timeCell(r.createdAt),
    timeCell(r.archivedAt),
  ].join(',');
}

export async function exportArchived(ctx: RequestContext, q: ArchiveFilters, reply: FastifyReply) {
  const condition = await archiveConditionFor(ctx, q);
  const total = await repo.countAll(ctx.db, condition);
  const order = q.order ?? 'desc';
  async function* lines() {
    yield `\ufeff${ARCHIVE_CSV_COLUMNS.join(',')}\r\n`;
    let cursor: string | undefined;
    for (;;) {
      const page = await ctx.services.exportSlots.turn(() =>
        repo.pageAfter(ctx.db, condition, order, BATCH, cursor),
      );
      if (page.rows.length) yield `${page.rows.map(line).join('\r\n')}\r\n`;
      if (!page.nextCursor) return;
      cursor = page.nextCursor;
      // Other requests' callbacks run between batches, however fast the client reads.
      await nextTurn();
    }
  }
  const day = new Date().toISOString().slice(0, 10);
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="work-entries-archive-${day}.csv"`)
    .header('x-total-count', String(total))
    .send(Readable.from(lines(), { objectMode: false }));
}
