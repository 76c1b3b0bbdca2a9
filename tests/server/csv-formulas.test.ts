/**
 * CSV exports a spreadsheet opens safely whatever separator its locale splits on: the live and the
 * archive export are parsed with `,`, `;` and tab (quotes honoured, and ignored, as some programs
 * do), and no cell may start like a formula. Both writers (PostgreSQL's for the live export,
 * JavaScript's for the archive) follow the one rule in lib/csv.ts, and agree cell for cell.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../server/src/db/schema/index.ts';
import { runWorkEntryArchive } from '../../server/src/jobs/work-entry-archive.ts';
import { csvText, csvTextSql } from '../../server/src/lib/csv.ts';
import { DRIVERS, type TestApp } from './helpers.ts';
import { type Actor, signInAs } from './support/actors.ts';
import { buildEntriesApp, insertEntry, makePosition, setSiteSettings } from './work-entries-support.ts';

const HOSTILE = [
  "x;=cmd|' /C calc'!A0;",
  'a\n=2+2',
  'a\r\n@SUM(1)',
  'a\t=1',
  'a,+1',
  '=HYPERLINK("http://x")',
  '-1+1',
  '@x',
  '\t=1',
  '\r=1',
  'a;;-2',
  'a;\t=1',
  'a;"=1"',
  'say "=1"',
  'a, b; c\td',
  'plain words, no formula - none at all',
];

const FORMULA = /^[=+\-@\t\r]/;
/** A negative number is a number to a spreadsheet, not a formula. */
const isNumber = (cell: string) => /^-?\d+(\.\d+)?$/.test(cell);

/** RFC 4180 with any separator; text after a closing quote is kept, as lenient programs do. */
function parse(text: string, separator: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let atStart = true;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"' && atStart) {
      quoted = true;
      atStart = false;
    } else if (c === separator) {
      row.push(cell);
      cell = '';
      atStart = true;
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      atStart = true;
    } else {
      cell += c;
      atStart = false;
    }
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

/** Cells that a spreadsheet with this separator would run as formulas. */
function formulaCells(csv: string, separator: string): string[] {
  const body = csv.replace(/^\ufeff/, '');
  const quoteAware = parse(body, separator).flat();
  // Some programs ignore quotes: every fragment between separators and line breaks, leading quotes dropped.
  const quoteBlind = body.split(new RegExp(`[${separator === '\t' ? '\\t' : separator}\\r\\n]`));
  return [...quoteAware, ...quoteBlind.map((f) => f.replace(/^"+/, ''))].filter(
    (cell) => FORMULA.test(cell) && !isNumber(cell),
  );
}

describe.each(DRIVERS)('CSV formula defusing (%s)', (driver) => {
  let t: TestApp;
  let manager: Actor;

  beforeAll(async () => {
    t = await buildEntriesApp(driver);
    manager = await signInAs(t, 'manager');
    const worker = await signInAs(t, 'worker');
    await t.app.database.db
      .update(users)
      .set({ firstName: '=1+1;@x', lastName: 'a;-1' })
      .where(sql`${users.id} = ${worker.id}`);
    const positionId = (await makePosition(t, { positionName: 'Bay;=2' })).id;
    await setSiteSettings(t, { autoArchiveWorkEntries: true, workEntryRetentionDays: 10 });
    const old = new Date('2026-01-10T10:00:00Z');
    for (const notes of HOSTILE) {
      // One live and one old (archived below) entry per note.
      await insertEntry(t, {
        userId: worker.id,
        positionId,
        notes,
        status: 'completed',
        completedAt: new Date(),
      });
      await insertEntry(t, {
        userId: worker.id,
        positionId,
        notes,
        status: 'completed',
        createdAt: old,
        startedAt: old,
        completedAt: old,
      });
    }
    const runs = await runWorkEntryArchive(t.app.database.db, { instance: 'test' });
    expect(runs[0].moved).toBe(HOSTILE.length);
  });
  afterAll(async () => t?.close());

  it.each([
    ['live', '/api/v1/work-entries/export'],
    ['archive', '/api/v1/work-entries/archive/export'],
  ])('the %s export has no formula under any separator, and keeps every note', async (_name, url) => {
    const res = await t.app.inject({ url, headers: manager.headers });
    expect(res.statusCode, res.body).toBe(200);
    for (const separator of [',', ';', '\t']) {
      expect(formulaCells(res.body, separator), `separator ${JSON.stringify(separator)}`).toEqual([]);
    }
    // Parsed with its own separator, the file gives back each note with only apostrophes added.
    const rows = parse(res.body.replace(/^\ufeff/, ''), ',');
    const notes = rows.slice(1).map((r) => r[rows[0].indexOf('notes')]);
    expect(notes).toHaveLength(HOSTILE.length);
    expect(new Set(notes.map((n) => n.replace(/'/g, '')))).toEqual(
      new Set(HOSTILE.map((n) => n.replace(/'/g, ''))),
    );
  });

  it('PostgreSQL writes every cell as the JavaScript writer does', async () => {
    const values = [...HOSTILE, '', 'plain', '"', "'=1", '+', '\n', '=', 'é;=1', null];
    for (const value of values) {
      const [row] = await t.app.database.db
        .select({ cell: csvTextSql(sql`${value}::text`) })
        .from(users)
        .limit(1);
      expect(row.cell, JSON.stringify(value)).toBe(csvText(value));
    }
  });
});
