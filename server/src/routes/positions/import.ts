/**
 * CSV import of positions: a row whose code exists updates that position, any other
 * creates one. Every row meets the rules of a single save, and codes and NFC tags must stay
 * unique across the file and the site's other positions. A dry run only answers the plan; an
 * apply re-plans inside one transaction and writes all rows or, if any is rejected, none.
 */
import {
  blankToNull,
  POSITION_CSV_COLUMNS,
  type PositionCsvColumn,
  type PositionValues,
  positionFieldErrors,
  roundCoordinate,
} from '#domain/positions.ts';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../../lib/errors.ts';
import * as repo from '../../repositories/positions.ts';
import type { PositionImportAnswer, PositionImportRow } from '../../schemas/position.ts';
import type { RequestContext } from '../../types.ts';
import { type CsvFile, type CsvRecord, readPositionsCsv } from './csv.ts';
import { NFC_TAKEN, toColumns, valuesOf } from './service.ts';

interface Rejection {
  row: number;
  field: string;
  message: string;
  rule: string;
  params?: Record<string, string | number>;
}

interface PlannedRow {
  record: CsvRecord;
  target?: repo.PositionRow;
  values: PositionValues;
  problems: Rejection[];
  action: PositionImportRow['action'];
}

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;
const BOOLEANS: Record<string, boolean> = {
  true: true,
  yes: true,
  '1': true,
  false: false,
  no: false,
  '0': false,
};

/** A coordinate cell: a decimal comma is read as a point, as spreadsheets in Finnish and Swedish write it. */
function coordinate(text: string): number | undefined {
  const normal = /^[+-]?\d+,\d+$/.test(text) ? text.replace(',', '.') : text;
  return NUMBER.test(normal) ? roundCoordinate(Number(normal)) : undefined;
}

function readRow(record: CsvRecord, columns: Set<PositionCsvColumn>, target?: repo.PositionRow) {
  const { row, cells } = record;
  const current = target ? valuesOf(target) : undefined;
  const problems: Rejection[] = [];
  const reject = (field: string, rule: string, message: string, params?: Rejection['params']) =>
    problems.push({ row, field, rule, message, ...(params ? { params } : {}) });
  if (record.fault) reject('row', 'csv', record.fault);

  const text = (c: 'description' | 'location_details' | 'nfc_tag_id') =>
    columns.has(c) ? blankToNull(cells[c]) : (current?.[c] ?? null);

  let coordinates = current?.coordinates ?? null;
  if (columns.has('latitude')) {
    const lat = cells.latitude ?? '';
    const lon = cells.longitude ?? '';
    coordinates = null;
    if (lat !== '' || lon !== '') {
      const latitude = coordinate(lat);
      const longitude = coordinate(lon);
      for (const [field, cell, value] of [
        ['latitude', lat, latitude],
        ['longitude', lon, longitude],
      ] as const) {
        if (cell === '') reject(field, 'required', 'This field is required');
        else if (value === undefined) reject(field, 'type', 'Must be a number');
      }
      // A half-read pair still has its readable half range-checked; NaN marks the unreadable one.
      coordinates = { latitude: latitude ?? Number.NaN, longitude: longitude ?? Number.NaN };
    }
  }

  let isActive = current?.is_active ?? true;
  const activeCell = (cells.is_active ?? '').toLowerCase();
  if (activeCell !== '') {
    if (activeCell in BOOLEANS) isActive = BOOLEANS[activeCell];
    else reject('is_active', 'boolean', 'Must be true or false');
  }

  const values: PositionValues = {
    position_code: cells.position_code ?? '',
    position_name: cells.position_name ?? '',
    description: text('description'),
    location_details: text('location_details'),
    nfc_tag_id: text('nfc_tag_id'),
    coordinates,
    is_active: isActive,
  };
  for (const p of positionFieldErrors(values))
    if (!problems.some((q) => q.field === p.field.replace('coordinates.', '')))
      problems.push({ row, ...p, field: p.field.replace('coordinates.', '') });
  return { values, problems, current };
}

const same = (a: PositionValues, b: PositionValues) =>
  (Object.keys(a) as (keyof PositionValues)[]).every((k) => JSON.stringify(a[k]) === JSON.stringify(b[k]));

async function plan(db: Db, siteId: string, file: CsvFile): Promise<PlannedRow[]> {
  const existing = await repo.allPositions(db, siteId);
  const byCode = new Map(existing.map((r) => [r.positionCode, r]));
  const firstCode = new Map<string, number>();
  const firstNfc = new Map<string, number>();

  const rows: PlannedRow[] = file.records.map((record) => {
    const target = byCode.get(record.cells.position_code ?? '');
    const { values, problems, current } = readRow(record, file.columns, target);
    const duplicate = (field: string, seen: Map<string, number>, key: string | null) => {
      if (!key) return;
      const other = seen.get(key);
      if (other === undefined) seen.set(key, record.row);
      else
        problems.push({
          row: record.row,
          field,
          rule: 'duplicate',
          message: `The same value is on row ${other}`,
          params: { other_row: other },
        });
    };
    duplicate('position_code', firstCode, values.position_code);
    duplicate('nfc_tag_id', firstNfc, values.nfc_tag_id);
    const action = target && current && same(current, values) ? 'unchanged' : target ? 'update' : 'create';
    return { record, target, values, problems, action };
  });

  // A tag stays with its position unless the file re-tags that position.
  const retagged = file.columns.has('nfc_tag_id') ? new Set(firstCode.keys()) : new Set<string>();
  const tagOwner = new Map<string, repo.PositionRow>();
  for (const p of existing) if (p.nfcTagId && !retagged.has(p.positionCode)) tagOwner.set(p.nfcTagId, p);
  for (const r of rows) {
    const owner = r.values.nfc_tag_id ? tagOwner.get(r.values.nfc_tag_id) : undefined;
    if (owner && owner.id !== r.target?.id && !r.problems.some((p) => p.field === 'nfc_tag_id'))
      r.problems.push({
        row: r.record.row,
        field: 'nfc_tag_id',
        rule: 'unique',
        message: NFC_TAKEN,
        params: { position_code: owner.positionCode },
      });
  }
  for (const r of rows) if (r.problems.length > 0) r.action = 'reject';
  return rows;
}

function answer(rows: PlannedRow[], columns: Set<PositionCsvColumn>, applied: boolean): PositionImportAnswer {
  const count = (action: PlannedRow['action']) => rows.filter((r) => r.action === action).length;
  const cell = (r: PlannedRow, c: PositionCsvColumn) => (columns.has(c) ? (r.record.cells[c] ?? '') : null);
  return {
    applied,
    create: count('create'),
    update: count('update'),
    unchanged: count('unchanged'),
    rejected: rows.flatMap((r) => r.problems),
    rows: rows.map((r) => ({
      row: r.record.row,
      action: r.action,
      position_id: r.target?.id ?? null,
      ...(Object.fromEntries(POSITION_CSV_COLUMNS.map((c) => [c, cell(r, c)])) as Record<
        PositionCsvColumn,
        string | null
      >),
      position_code: r.record.cells.position_code ?? '',
      position_name: r.record.cells.position_name ?? '',
    })),
  };
}

function refused(rows: PlannedRow[]): HttpError {
  const problems = rows.flatMap((r) => r.problems);
  const count = rows.filter((r) => r.action === 'reject').length;
  return new HttpError(400, `${count} row(s) are rejected, so nothing was imported`, {
    code: 'IMPORT_REJECTED',
    details: problems.map((p) => ({ ...p, params: { ...p.params, row: p.row } })),
  });
}

/** Applies the plan; the created positions' ids. */
async function write(db: Db, siteId: string, rows: PlannedRow[]): Promise<number[]> {
  const updates = rows.filter((r) => r.action === 'update');
  // Tags move between positions only once every moving tag has been let go of.
  const retag = updates.filter((r) => r.target?.nfcTagId && r.target.nfcTagId !== r.values.nfc_tag_id);
  await repo.clearNfcTags(
    db,
    siteId,
    retag.map((r) => r.target!.id),
  );
  for (const r of updates) await repo.positionRows.update(db, siteId, r.target!.id, toColumns(r.values));
  return repo.insertPositions(
    db,
    siteId,
    rows.filter((r) => r.action === 'create').map((r) => toColumns(r.values)),
  );
}

export async function importPositions(
  ctx: RequestContext,
  body: { csv: string; dry_run: boolean },
): Promise<PositionImportAnswer> {
  const file = readPositionsCsv(body.csv);
  if (body.dry_run) return answer(await plan(ctx.db, ctx.siteId, file), file.columns, false);
  const result = await ctx.db.transaction(async (tx) => {
    const rows = await plan(tx, ctx.siteId, file);
    if (rows.some((r) => r.action === 'reject')) throw refused(rows);
    const createdIds = await write(tx, ctx.siteId, rows);
    const done = answer(rows, file.columns, true);
    // One event for the whole import: its counts and every position it touched.
    const details = {
      created: done.create,
      updated: done.update,
      unchanged: done.unchanged,
      created_ids: createdIds,
      updated_ids: rows.filter((r) => r.action === 'update').map((r) => r.target!.id),
    };
    await ctx.audit(tx, { action: 'position.import', entity: 'position', details });
    return done;
  });
  // Hundreds of new rows: the planner's statistics of positions are out of date (PGlite only).
  if (result.create > 0) await repo.analyzePositions(ctx.db, true);
  return result;
}
