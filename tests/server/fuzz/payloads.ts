/**
 * Bodies that are not what the server parses: broken and hostile JSON, nesting deep enough to
 * exhaust a recursive parser, bodies past the size limit, bytes that are not UTF-8, and content
 * types the API does not take.
 */
import fc from 'fast-check';
import { anyCodeUnit, HUGE } from './hostile.ts';

const rawJson = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '{',
    '}',
    '{"a":}',
    "{'a':1}",
    '{"a":1,}',
    '[1,]',
    'nul',
    'undefined',
    'NaN',
    '{"a":NaN}',
    '{"a":1e999}',
    '{"a":"\u0000"}',
    '{"a":"\\ud800"}',
    '{"a":"\\x41"}',
    '\ufeff{}',
    '{"a":1}{"b":2}',
    '{"__proto__":{"isAdmin":true}}',
    '{"constructor":{"prototype":{"isAdmin":true}}}',
    '"just a string"',
    '42',
    'null',
    '[]',
  ),
  fc.integer({ min: 1000, max: 200_000 }).map((n) => `${'['.repeat(n)}${']'.repeat(n)}`),
  fc.integer({ min: 1000, max: 50_000 }).map((n) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`),
  fc.constantFrom(`{"a":"${'x'.repeat(HUGE)}"}`, `[${'1,'.repeat(HUGE / 2)}1]`),
  fc.string({ maxLength: 60, unit: anyCodeUnit }),
);

/** Bytes that are not UTF-8. */
const rawBytes = fc.constantFrom(
  Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
  Buffer.from([0xc0, 0x80]),
  Buffer.from([0xed, 0xa0, 0x80]),
);

export const malformedPayload: fc.Arbitrary<string | Buffer> = fc.oneof(
  { weight: 4, arbitrary: rawJson },
  { weight: 1, arbitrary: rawBytes },
);

/** undefined: no Content-Type header at all. */
export const contentType = fc.oneof(
  { weight: 8, arbitrary: fc.constant('application/json') },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      undefined,
      'application/json; charset=utf-8',
      'Application/JSON',
      'application/json; charset=utf-16',
      'application/json;;',
      'application/jsonx',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'text/plain',
      'text/html',
      'application/xml',
      'application/octet-stream',
      '*/*',
      'json',
    ),
  },
);
