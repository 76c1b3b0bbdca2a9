/**
 * Position rules shared by the console's form and the server: the NFC id generator, coordinate
 * bounds and rounding, and the field checks the API and the CSV import apply to a position after
 * its text has been trimmed.
 */
import { formatMessage, LIMITS } from './validation.ts';

export const NFC_ID_LENGTH = 8;
export const NFC_ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** Uniform random bytes in [0, 256); tests pass their own. */
export type RandomBytes = (count: number) => Uint8Array;

const cryptoBytes: RandomBytes = (count) => globalThis.crypto.getRandomValues(new Uint8Array(count));

/**
 * A random NFC tag id of 8 characters from A–Z and 0–9. Bytes at or above the largest multiple
 * of 36 are skipped, so every character is equally likely (a plain modulo would favour A–D).
 */
export function generateNfcTagId(random: RandomBytes = cryptoBytes): string {
  const n = NFC_ID_ALPHABET.length;
  const limit = 256 - (256 % n);
  let id = '';
  while (id.length < NFC_ID_LENGTH) {
    for (const byte of random(NFC_ID_LENGTH * 2)) {
      if (byte >= limit) continue;
      id += NFC_ID_ALPHABET[byte % n];
      if (id.length === NFC_ID_LENGTH) break;
    }
  }
  return id;
}

export const COORDINATE_DECIMALS = 6;
export const LATITUDE_RANGE = { min: -90, max: 90 } as const;
export const LONGITUDE_RANGE = { min: -180, max: 180 } as const;

/** Coordinates are kept and shown to 6 decimals (about 0.1 m). */
export function roundCoordinate(value: number): number {
  const f = 10 ** COORDINATE_DECIMALS;
  return Math.round(value * f) / f;
}

/** The text lengths of a position beyond the spec's minimums. */
export const POSITION_LIMITS = {
  codeMin: LIMITS.positionCodeMin,
  codeMax: LIMITS.codeMax,
  nameMin: LIMITS.positionNameMin,
  nameMax: LIMITS.nameMax,
  nfcMin: LIMITS.nfcTagMin,
  nfcMax: LIMITS.codeMax,
  textMax: LIMITS.textMax,
} as const;

/** A position's fields as the API names them, text already trimmed, blanks as null. */
export interface PositionValues {
  position_code: string;
  position_name: string;
  description: string | null;
  location_details: string | null;
  nfc_tag_id: string | null;
  coordinates: { latitude: number; longitude: number } | null;
  is_active: boolean;
}

export interface PositionFieldError {
  field: string;
  message: string;
  rule: string;
  params?: Record<string, string | number>;
}

/** Trimmed text, or null when nothing is left (an empty NFC id means "no tag"). */
export function blankToNull(value: string | null | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

/** PostgreSQL text cannot hold a NUL character; refuse it as a field error rather than fail later. */
const NUL = '\u0000';

function lengthError(field: string, value: string, min: number, max: number): PositionFieldError | undefined {
  if (value.includes(NUL))
    return { field, rule: 'pattern', message: 'Contains characters that are not allowed' };
  if (value.length === 0) return { field, rule: 'required', message: formatMessage('required') };
  if (value.length < min)
    return { field, rule: 'minLength', params: { min }, message: formatMessage('minLength', { min }) };
  if (value.length > max)
    return { field, rule: 'maxLength', params: { max }, message: formatMessage('maxLength', { max }) };
  return undefined;
}

function rangeError(
  field: string,
  value: number,
  range: { min: number; max: number },
): PositionFieldError | undefined {
  if (!Number.isFinite(value)) return { field, rule: 'type', message: 'Must be a number' };
  if (value < range.min)
    return { field, rule: 'minimum', params: { min: range.min }, message: `Must be at least ${range.min}` };
  if (value > range.max)
    return { field, rule: 'maximum', params: { max: range.max }, message: `Must be at most ${range.max}` };
  return undefined;
}

/**
 * Every rule a position's values break, one error per field, in the API's wording (the same
 * rule names and messages the request validation uses). Coordinate errors name
 * `coordinates.latitude` / `coordinates.longitude`, as the request body nests them.
 */
export function positionFieldErrors(values: PositionValues): PositionFieldError[] {
  const L = POSITION_LIMITS;
  const errors = [
    lengthError('position_code', values.position_code, L.codeMin, L.codeMax),
    lengthError('position_name', values.position_name, L.nameMin, L.nameMax),
    values.nfc_tag_id === null ? undefined : lengthError('nfc_tag_id', values.nfc_tag_id, L.nfcMin, L.nfcMax),
    values.description === null ? undefined : lengthError('description', values.description, 0, L.textMax),
    values.location_details === null
      ? undefined
      : lengthError('location_details', values.location_details, 0, L.textMax),
    values.coordinates && rangeError('coordinates.latitude', values.coordinates.latitude, LATITUDE_RANGE),
    values.coordinates && rangeError('coordinates.longitude', values.coordinates.longitude, LONGITUDE_RANGE),
  ];
  return errors.filter((e): e is PositionFieldError => e !== undefined && e !== null);
}

/** The columns of a positions CSV file, by header name (the API's field names). */
export const POSITION_CSV_COLUMNS = [
  'position_code',
  'position_name',
  'description',
  'location_details',
  'nfc_tag_id',
  'latitude',
  'longitude',
  'is_active',
] as const;
export type PositionCsvColumn = (typeof POSITION_CSV_COLUMNS)[number];

/** The largest CSV file the import accepts, in characters, and its most rows. */
export const POSITION_IMPORT_MAX_CHARS = 5_000_000;
export const POSITION_IMPORT_MAX_ROWS = 10_000;

/** The largest page GET /positions answers; the table asks for one page at a time. */
export const POSITION_PAGE_MAX = 500;
