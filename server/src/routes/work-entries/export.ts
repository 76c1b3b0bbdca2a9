/**
 * GET /work-entries/export: every matching entry as CSV, streamed. One keyset page of rows at a
 * time is read and written as the client takes it (the stream pulls the next page only when the
 * previous one has been consumed), so memory stays flat whatever the row count, and there is no
 * row cap.
 */
import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import * as repo from '../../repositories/work-entries.ts';
import type { WorkEntryFilters } from '../../schemas/work-entry.ts';
import type { RequestContext } from '../../types.ts';
import { conditionFor, keysetOf } from './service.ts';

const BATCH = 2000;

export const CSV_COLUMNS = [
  'id',
  'first_name',
  'last_name',
  'position_name',
  'task_name',
  'status',
  'started_at',
  'completed_at',
  'duration_minutes',
  'notes',
  'nfc_tag_id',
  'latitude',
  'longitude',
  'distance_meters',
  'created_at',
] as const;

/**
 * One CSV cell (RFC 4180 quoting). Text that a spreadsheet would run as a formula (= + - @, tab,
 * carriage return first) gets a leading apostrophe, so an exported note cannot become one.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = value instanceof Date ? value.toISOString() : String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function csvLine(row: repo.EntryListRow): string {
  return `${[
    row.id,
    row.firstName,
    row.lastName,
    row.positionName,
    row.taskName,
    row.status,
    row.startedAt,
    row.completedAt,
    row.durationMinutes,
    row.notes,
    row.nfcTagId,
    row.latitude,
    row.longitude,
    row.distanceMeters,
    row.createdAt,
  ]
    .map(csvCell)
    .join(',')}\r\n`;
}

export async function exportWorkEntries(ctx: RequestContext, q: WorkEntryFilters, reply: FastifyReply) {
  const condition = await conditionFor(ctx, q);
  const keyset = keysetOf(q);
  const total = await repo.countAll(ctx.db, condition);
  async function* lines() {
    // A byte-order mark, so spreadsheet programs read the names as UTF-8.
    yield `\ufeff${CSV_COLUMNS.join(',')}\r\n`;
    let cursor: string | undefined;
    do {
      const page = await repo.pageAfter(ctx.db, condition, keyset, BATCH, cursor);
      yield page.rows.map(csvLine).join('');
      cursor = page.nextCursor ?? undefined;
    } while (cursor !== undefined);
  }
  const day = new Date().toISOString().slice(0, 10);
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="work-entries-${day}.csv"`)
    .header('x-total-count', String(total))
    .send(Readable.from(lines(), { objectMode: false }));
}
