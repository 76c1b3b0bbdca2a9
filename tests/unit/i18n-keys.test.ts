import { describe, expect, it } from 'vitest';
import { en } from '../../src/i18n/locales/en.ts';
import { fi } from '../../src/i18n/locales/fi.ts';
import { sv } from '../../src/i18n/locales/sv.ts';

type Tree = { readonly [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === 'object') {
      for (const [k, v] of flatten(value as Tree, path)) out.set(k, v);
    } else out.set(path, value);
  }
  return out;
}

const placeholders = (text: unknown) =>
  [...String(text).matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1]).sort();

const source = flatten(en);
const others = { fi: flatten(fi as Tree), sv: flatten(sv as Tree) };

/**
 * Texts that are the same in every language on purpose: the product and language names, and
 * minutes as the unit symbol 'min' (one duration style everywhere).
 */
const SAME_EVERYWHERE = new Set([
  'app.name',
  'languages.en',
  'languages.fi',
  'languages.sv',
  'common.duration.minutes',
  'tasks.duration.minutes',
]);
/** Swedish says 'Status' too (every table's status column), and 'Position' for a position. */
const SV_SAME = /^(Status|Position|\{\{count\}\} position)$/;
const sameIn = (lng: string, key: string, value: unknown) =>
  SAME_EVERYWHERE.has(key) ||
  (lng === 'sv' &&
    (key.endsWith('.columns.status') ||
      SV_SAME.test(String(value)) ||
      // A date's placeholder letters: Swedish writes DD and MM too (ÅÅÅÅ for the year).
      key.startsWith('common.dateLetters.')));

describe('i18n resources', () => {
  it('English has no empty texts', () => {
    for (const [key, value] of source) {
      expect(typeof value, key).toBe('string');
      expect(String(value).trim(), key).not.toBe('');
    }
  });

  for (const [lng, keys] of Object.entries(others)) {
    describe(lng, () => {
      it('has exactly the English keys', () => {
        expect([...keys.keys()].sort()).toEqual([...source.keys()].sort());
      });

      it('has no empty texts', () => {
        for (const [key, value] of keys) {
          expect(typeof value, key).toBe('string');
          expect(String(value).trim(), key).not.toBe('');
        }
      });

      it('uses the same interpolation placeholders as English', () => {
        for (const [key, value] of source) {
          expect(placeholders(keys.get(key)), key).toEqual(placeholders(value));
        }
      });

      it('is translated rather than copied from English', () => {
        const copied = [...source].filter(
          ([key, value]) => keys.get(key) === value && !sameIn(lng, key, value),
        );
        // A handful of words are genuinely the same (e.g. sv 'Status', 'Administration').
        expect(copied.length, copied.map(([k]) => k).join(', ')).toBeLessThanOrEqual(3);
      });
    });
  }

  it('defines the texts the router and guards rely on', () => {
    expect(source.get('common.loading')).toBe('Loading...');
    expect(source.get('errors.accessDenied')).toBe(
      'Access denied. You do not have permission to view this page.',
    );
  });

  it('keeps the spec wording of the generic messages', () => {
    expect(source.get('validation.required')).toBe('This field is required');
    expect(source.get('validation.minLength')).toBe('Minimum length is {{min}} characters');
    expect(source.get('validation.email')).toBe('Please enter a valid email address');
    expect(source.get('users.saveFailed')).toBe('Failed to save user. Please try again');
    expect(source.get('users.emailTaken')).toBe('A user with this email already exists');
    expect(source.get('common.noData')).toBe('No data available');
  });
});
