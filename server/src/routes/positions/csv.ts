/**
 * Reads a positions CSV file with papaparse: the header names the columns (any case, any order,
 * comma or semicolon), each record becomes its cells by column. Whole-file faults (a missing or
 * unknown column, no rows, too many) are a 400 on `csv`; a faulty record is kept with its fault,
 * so the preview can show it beside the others.
 */
import Papa from 'papaparse';
import { POSITION_CSV_COLUMNS, POSITION_IMPORT_MAX_ROWS, type PositionCsvColumn } from '#domain/positions.ts';
import { errors } from '../../lib/errors.ts';

export interface CsvRecord {
  /** The spreadsheet row: the header is row 1. */
  row: number;
  /** Trimmed cells of the columns the file has. */
  cells: Partial<Record<PositionCsvColumn, string>>;
  /** What the parser could not read in this record. */
  fault?: string;
}

export interface CsvFile {
  columns: Set<PositionCsvColumn>;
  records: CsvRecord[];
}

const REQUIRED: PositionCsvColumn[] = ['position_code', 'position_name'];
const KNOWN = new Set<string>(POSITION_CSV_COLUMNS);

const fileError = (message: string) =>
  errors.badRequest(message, 'INVALID_CSV', [{ field: 'csv', message, rule: 'csv' }]);

export function readPositionsCsv(text: string): CsvFile {
  const parsed = Papa.parse<Record<string, string | undefined>>(text, {
    header: true,
    // Blank lines are dropped below instead, so row numbers keep matching the spreadsheet.
    skipEmptyLines: false,
    transformHeader: (h) => h.trim().toLowerCase(),
  });
  const fields = parsed.meta.fields ?? [];
  const unknown = fields.filter((f) => !KNOWN.has(f));
  if (unknown.length > 0) throw fileError(`Unknown column: ${unknown.join(', ')}`);
  const missing = REQUIRED.filter((c) => !fields.includes(c));
  if (missing.length > 0) throw fileError(`Missing column: ${missing.join(', ')}`);
  const columns = new Set(fields as PositionCsvColumn[]);
  if (columns.has('latitude') !== columns.has('longitude'))
    throw fileError('The latitude and longitude columns go together');

  const faults = new Map<number, string>();
  for (const e of parsed.errors) {
    if (e.row === undefined || e.type === 'Delimiter') continue;
    const index = Math.min(e.row, parsed.data.length - 1);
    if (!faults.has(index)) faults.set(index, e.message);
  }

  const records: CsvRecord[] = [];
  parsed.data.forEach((data, index) => {
    const cells: CsvRecord['cells'] = {};
    let blank = true;
    for (const column of columns) {
      const cell = (data[column] ?? '').trim();
      cells[column] = cell;
      if (cell !== '') blank = false;
    }
    if (blank && !data.__parsed_extra) return;
    records.push({ row: index + 2, cells, fault: faults.get(index) });
  });
  if (records.length === 0) throw fileError('The file has no positions');
  if (records.length > POSITION_IMPORT_MAX_ROWS)
    throw fileError(
      `The file has ${records.length} positions; at most ${POSITION_IMPORT_MAX_ROWS} at a time`,
    );
  return { columns, records };
}
