/**
 * The one CSV cell rule, for every CSV the server writes: in JavaScript (csvText) and, for the
 * exports PostgreSQL writes itself, as SQL (csvTextSql) built from the same patterns.
 *
 * Spreadsheets split a line on whatever separator their locale uses (`,`, `;` in Finnish and
 * Swedish Excel, tab when pasted) and some ignore quotes, so quoting a cell is not enough: a
 * fragment after any separator, line break or quote that starts like a formula (= + - @, tab,
 * carriage return) gets a leading apostrophe, and a cell holding any of them is quoted (RFC 4180).
 */
import { type SQL, sql } from 'drizzle-orm';

const FORMULA_START = '[=+@\\t\\r-]';
const BOUNDARY = '[,;\\t\\r\\n"]';
/**
 * Where an apostrophe goes: before a formula's first character at the start or after a boundary.
 * Both sides are lookarounds, so a tab or carriage return is both a boundary and a formula start
 * (and JavaScript and PostgreSQL, which pick among alternatives differently, match alike).
 */
const DEFUSE = `(?<=^|${BOUNDARY})(?=${FORMULA_START})`;

const DEFUSE_JS = new RegExp(DEFUSE, 'g');
const NEEDS_QUOTES_JS = new RegExp(BOUNDARY);

/** A text cell: empty for null, every formula-like fragment defused, quoted when it must be. */
export function csvText(value: string | null | undefined): string {
  if (value === null || value === undefined) return '';
  const safe = value.replace(DEFUSE_JS, "'");
  return NEEDS_QUOTES_JS.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** csvText as an SQL expression over a text column (PostgreSQL's regular expressions read the same patterns). */
export function csvTextSql(value: unknown): SQL {
  const safe = sql`(case when ${value} ~ ${FORMULA_START} then regexp_replace(${value}, ${DEFUSE}, '''', 'g') else ${value} end)`;
  return sql`coalesce(case when ${value} ~ ${BOUNDARY} then '"' || replace(${safe}, '"', '""') || '"' else ${safe} end, '')`;
}
