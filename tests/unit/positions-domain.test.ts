import { describe, expect, it } from 'vitest';
import {
  generateNfcTagId,
  NFC_ID_ALPHABET,
  type PositionValues,
  positionFieldErrors,
  roundCoordinate,
} from '../../src/domain/positions.ts';

const valid: PositionValues = {
  position_code: 'B-101',
  position_name: 'Boiler room',
  description: null,
  location_details: null,
  nfc_tag_id: null,
  coordinates: null,
  is_active: true,
};

describe('generateNfcTagId', () => {
  it('makes 8 characters of A–Z and 0–9', () => {
    for (let i = 0; i < 200; i++) expect(generateNfcTagId()).toMatch(/^[A-Z0-9]{8}$/);
  });

  it('uses every character equally often: bytes past the last whole multiple of 36 are skipped', () => {
    // 252..255 would favour A–D with a plain modulo; they must be skipped, not folded.
    const bytes = [252, 253, 254, 255, 0, 35, 36, 71, 72, 107, 251, 1];
    let at = 0;
    const id = generateNfcTagId((n) => Uint8Array.from({ length: n }, () => bytes[at++ % bytes.length]));
    expect(id).toBe('A9A9A99B');
    expect(NFC_ID_ALPHABET).toHaveLength(36);
  });

  it('rarely repeats itself', () => {
    const ids = new Set(Array.from({ length: 2000 }, () => generateNfcTagId()));
    expect(ids.size).toBe(2000);
  });
});

describe('roundCoordinate', () => {
  it('keeps 6 decimals', () => {
    expect(roundCoordinate(60.16985512345)).toBe(60.169855);
    expect(roundCoordinate(-24.9383795)).toBe(-24.938379);
    expect(roundCoordinate(180)).toBe(180);
  });
});

describe('positionFieldErrors', () => {
  const fields = (v: Partial<PositionValues>) => positionFieldErrors({ ...valid, ...v }).map((e) => e.field);

  it('accepts a minimal position', () => {
    expect(positionFieldErrors(valid)).toEqual([]);
  });

  it('names each broken rule with the API’s wording', () => {
    expect(positionFieldErrors({ ...valid, position_code: 'B', position_name: '' })).toEqual([
      {
        field: 'position_code',
        rule: 'minLength',
        params: { min: 2 },
        message: 'Minimum length is 2 characters',
      },
      { field: 'position_name', rule: 'required', message: 'This field is required' },
    ]);
    expect(positionFieldErrors({ ...valid, nfc_tag_id: 'ABC' })[0]).toMatchObject({
      field: 'nfc_tag_id',
      message: 'Minimum length is 4 characters',
    });
  });

  it('bounds latitude to ±90 and longitude to ±180', () => {
    expect(fields({ coordinates: { latitude: 90, longitude: -180 } })).toEqual([]);
    expect(
      positionFieldErrors({ ...valid, coordinates: { latitude: -90.000001, longitude: 180.5 } }),
    ).toEqual([
      {
        field: 'coordinates.latitude',
        rule: 'minimum',
        params: { min: -90 },
        message: 'Must be at least -90',
      },
      {
        field: 'coordinates.longitude',
        rule: 'maximum',
        params: { max: 180 },
        message: 'Must be at most 180',
      },
    ]);
    expect(fields({ coordinates: { latitude: Number.NaN, longitude: 0 } })).toEqual(['coordinates.latitude']);
  });

  it('refuses text PostgreSQL cannot store', () => {
    expect(fields({ description: 'a\u0000b' })).toEqual(['description']);
  });
});
