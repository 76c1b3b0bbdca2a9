/** What a scan or a typed code opens: the tag of a URL record, a QR code's URL, a bare code or a serial number. */
import { describe, expect, it } from 'vitest';
import { tagFromNdef, tagFromSerial, tagFromText } from '../../src/field/scan/parse-tag.ts';

const record = (recordType: string, text: string) => ({
  recordType,
  data: new DataView(new TextEncoder().encode(text).buffer),
});

describe('tagFromText', () => {
  it('reads the tag of a tag URL on any origin, with or without a trailing slash or query', () => {
    expect(tagFromText('https://site.example/t/AB12CD34')).toBe('AB12CD34');
    expect(tagFromText('http://127.0.0.1:3000/t/AB12CD34/')).toBe('AB12CD34');
    expect(tagFromText('https://site.example/t/AB12CD34?src=qr')).toBe('AB12CD34');
    expect(tagFromText('https://site.example/t/A%2DB')).toBe('A-B');
  });

  it('takes a typed code as it is, trimmed', () => {
    expect(tagFromText('  AB12CD34 ')).toBe('AB12CD34');
  });

  it('refuses URLs that are not a tag URL, and text that cannot be a code', () => {
    expect(tagFromText('https://site.example/positions/7')).toBeNull();
    expect(tagFromText('https://site.example/t/')).toBeNull();
    expect(tagFromText('two words')).toBeNull();
    expect(tagFromText('')).toBeNull();
    expect(tagFromText('x'.repeat(101))).toBeNull();
  });
});

describe('tagFromNdef', () => {
  it('reads the URL record and skips records naming no tag', () => {
    expect(
      tagFromNdef([
        record('mime', 'x'),
        record('url', 'https://example.com/other'),
        record('url', 'https://site.example/t/QR7788'),
      ]),
    ).toBe('QR7788');
  });

  it('reads a text record holding a code', () => {
    expect(tagFromNdef([record('text', 'AB12CD34')])).toBe('AB12CD34');
  });

  it('falls back to the serial number, as hex without separators', () => {
    expect(tagFromNdef([], '04:a2:3b:1c')).toBe('04A23B1C');
    expect(tagFromSerial('')).toBeNull();
  });
});
