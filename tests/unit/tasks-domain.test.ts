/**
 * Template codes (a 15-character prefix from the name plus a 6-digit suffix) and search folding,
 * shared by the console and the server.
 */
import { describe, expect, it } from 'vitest';
import {
  foldForSearch,
  nextFreeTemplateCode,
  SEARCH_FOLD_FROM,
  SEARCH_FOLD_TO,
  templateCode,
  templateCodePrefix,
  timestampSuffix,
} from '../../src/domain/tasks.ts';

describe('template codes', () => {
  it('uppercases the name, turns non-alphanumerics into _ and cuts it to 15 characters', () => {
    expect(templateCodePrefix('Check fire-doors (level 2)')).toBe('CHECK_FIRE_DOOR');
    expect(templateCodePrefix('qa')).toBe('QA');
    expect(templateCodePrefix('Tarkastus Äänieristys')).toBe('TARKASTUS_AANIE');
    expect(templateCodePrefix('Åtgärd')).toBe('ATGARD');
    expect(templateCodePrefix('!!!')).toBe('___');
    expect(templateCodePrefix('')).toBe('TASK');
  });

  it('adds a 6-digit suffix, from the last six digits of the time', () => {
    expect(timestampSuffix(1_700_000_123_456)).toBe(123_456);
    expect(templateCode('QA', 42)).toBe('QA_000042');
    expect(templateCode('QA', 1_000_001)).toBe('QA_000001');
  });

  it('takes the next free suffix on a clash, wrapping past 999999', () => {
    const now = 1_700_000_999_998;
    const taken = new Set(['FIRE_999998', 'FIRE_999999', 'FIRE_000000']);
    expect(nextFreeTemplateCode('Fire', new Set(), now)).toBe('FIRE_999998');
    expect(nextFreeTemplateCode('Fire', taken, now)).toBe('FIRE_000001');
  });

  it('gives up only when every suffix of the prefix is taken', () => {
    const all = new Set(Array.from({ length: 1_000_000 }, (_, i) => templateCode('X', i)));
    expect(nextFreeTemplateCode('x', all, 5)).toBeUndefined();
    // A million codes take 1.5 s to build alone, and several times that beside the server tests.
  }, 30_000);
});

describe('search folding', () => {
  it('maps each accented letter to one plain letter (the SQL translate() lists line up)', () => {
    expect([...SEARCH_FOLD_FROM].length).toBe([...SEARCH_FOLD_TO].length);
  });

  it('ignores case and Finnish/Swedish accents', () => {
    expect(foldForSearch('Tarkastus ÄÄNIERISTYS')).toBe('tarkastus aanieristys');
    expect(foldForSearch('Åtgärd Öppen')).toBe('atgard oppen');
    expect(foldForSearch('Crème brûlée')).toBe('creme brulee');
  });
});
