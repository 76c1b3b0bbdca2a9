/**
 * Values at the edges of what the database and JavaScript hold, for each declared format and
 * type: dates and date-times around year 0, year 9999 and JavaScript's last day (275760-09-13),
 * days that do not exist, leap seconds, offsets; integers at ±2^31 and ±2^53; numbers written
 * with exponents. Every parameter and body field with that format or type gets them, so a route
 * that passes such a value to the database unchecked is found without naming it.
 */
import fc from 'fast-check';
import type { Schema } from './openapi.ts';

export const DATE_EDGES = [
  '0000-01-01',
  '0000-12-31',
  '0001-01-01',
  '1969-12-31',
  '1970-01-01',
  '2024-02-29',
  '2025-02-29',
  '2026-02-30',
  '2026-04-31',
  '2026-13-01',
  '2026-00-10',
  '9999-12-31',
  '10000-01-01',
  '275760-09-13',
  '+275760-09-13',
  '+275760-09-14',
  '-000001-01-01',
  '-271821-04-20',
  '2026-1-5',
  '20260105',
];

export const DATE_TIME_EDGES = [
  '0000-01-01T00:00:00Z',
  '0001-01-01T00:00:00+14:00',
  '1970-01-01T00:00:00.000Z',
  '2016-12-31T23:59:60Z',
  '2026-06-30T23:59:60+00:00',
  '2026-02-30T12:00:00Z',
  '2026-01-01T24:00:00Z',
  '2026-01-01T12:00:00+24:00',
  '2026-01-01T12:00:00.123456789Z',
  '2026-01-01 12:00:00Z',
  '2026-01-01T12:00:00',
  '9999-12-31T23:59:59.999Z',
  '9999-12-31T23:59:59-14:00',
  '+275760-09-13T00:00:00.000Z',
  '275760-09-13T00:00:00Z',
  '-271821-04-20T00:00:00.000Z',
];

const INT32 = 2 ** 31;
const SAFE = 2 ** 53;
export const INTEGER_EDGES = [
  INT32 - 1,
  INT32,
  -INT32,
  -INT32 - 1,
  2 ** 32,
  SAFE - 1,
  SAFE,
  SAFE + 1,
  -SAFE + 1,
  -SAFE,
  -SAFE - 1,
  Number.MAX_SAFE_INTEGER,
  Number.MIN_SAFE_INTEGER,
];

/** Numbers as a query string or a JSON number can spell them. */
export const NUMBER_TEXT_EDGES = [
  '1e3',
  '1E+2',
  '2e9',
  '2.147483648e9',
  '9.007199254740993e15',
  '1e21',
  '1e308',
  '1e309',
  '-1e309',
  '5e-324',
  '1e-7',
  '-0',
  '0.0',
  '1.0',
  '00012',
  '0x10',
  '0b1',
  'Infinity',
  'NaN',
];

/** Edge values for this schema as they would be sent (numbers as numbers), or undefined when it has none. */
export function edgeValue(schema: Schema): fc.Arbitrary<unknown> | undefined {
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (schema.format === 'date') return fc.constantFrom(...DATE_EDGES);
  if (schema.format === 'date-time') return fc.constantFrom(...DATE_TIME_EDGES, ...DATE_EDGES);
  if (types.includes('integer') || types.includes('number')) {
    return fc.oneof(
      fc.constantFrom(...INTEGER_EDGES),
      fc.constantFrom(...NUMBER_TEXT_EDGES).map((text) => Number(text)),
    );
  }
  return undefined;
}

/** Edge values as the text of a path or query parameter (exponents and all, as a client may write them). */
export function edgeText(schema: Schema): fc.Arbitrary<string> | undefined {
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.includes('integer') || types.includes('number')) {
    return fc.oneof(fc.constantFrom(...INTEGER_EDGES).map(String), fc.constantFrom(...NUMBER_TEXT_EDGES));
  }
  return edgeValue(schema)?.map(String);
}
