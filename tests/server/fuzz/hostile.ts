/**
 * What a careless or hostile client sends: control characters and lone surrogates, text far
 * beyond any limit, values of the wrong type, deeply nested and huge bodies, bad ids, wrong
 * content types and broken JSON. None of it depends on a route.
 */
import fc from 'fast-check';

/** Above the server's 256 KiB body limit. */
export const HUGE = 300 * 1024;

export const AWKWARD_PIECES = [
  '\u0000',
  '\u0001',
  '\u0008',
  '\t',
  '\n',
  '\r\n',
  '\u001b[31m',
  '\u001f',
  '\u007f',
  '\u0085',
  '\u00a0',
  '\u200b',
  '\u200e',
  '\u202e',
  '\u2028',
  '\ufeff',
  '\ufffe',
  '\uffff',
  '\ud800',
  '\udbff',
  '\udc00',
  '\udfff',
  '\ud83d',
  '🙂',
  'e\u0301',
  'İ',
  'ß',
  'ǅ',
  '%00',
  '\\u0000',
  "'",
  '"',
  '\\',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '{{7*7}}',
  '../../etc/passwd',
];

/** Any UTF-16 code unit, lone surrogates included. */
export const anyCodeUnit = fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c));

export const insertAt = (base: string, piece: string, at: number) =>
  base.slice(0, at % (base.length + 1)) + piece + base.slice(at % (base.length + 1));

export const awkwardString: fc.Arbitrary<string> = fc.oneof(
  fc
    .tuple(fc.string({ maxLength: 20 }), fc.constantFrom(...AWKWARD_PIECES), fc.nat())
    .map(([b, p, at]) => insertAt(b, p, at)),
  fc.constantFrom(...AWKWARD_PIECES).chain((p) => fc.integer({ min: 1, max: 300 }).map((n) => p.repeat(n))),
  fc.string({ maxLength: 40, unit: anyCodeUnit }),
  fc.string({ maxLength: 40, unit: 'binary' }),
  fc.constantFrom('', ' ', '   ', '\t\n'),
);

export const longString: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom(255, 256, 1000, 10_000, 100_000), fc.constantFrom('x', 'é', '🙂', '\u0000', ' '))
  .map(([n, c]) => c.repeat(n));

export const numberEdge = fc.constantFrom(
  0,
  -1,
  -0,
  0.5,
  -2147483649,
  2147483648,
  4294967296,
  2 ** 53 + 1,
  -(2 ** 53) - 1,
  1e308,
  -1e308,
  5e-324,
);

/** Nested arrays and objects, built as values so JSON.stringify stays within its stack. */
export const deepValue = fc.tuple(fc.integer({ min: 20, max: 3000 }), fc.boolean()).map(([depth, arrays]) => {
  let v: unknown = 1;
  for (let i = 0; i < depth; i++) v = arrays ? [v] : { a: v };
  return v;
});

export const wrongTypeValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  numberEdge,
  fc.integer(),
  awkwardString,
  fc.constantFrom([], {}, [null], { '': '' }, ['a', 1]),
  fc.jsonValue({ maxDepth: 3 }),
  deepValue,
);

/** Extra property names, including the ones that reach into prototypes. */
export const extraKey = fc.oneof(
  fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    '',
    ' ',
    'id',
    'site_id',
    'password_hash',
    'a.b',
    '$where',
  ),
  fc.string({ minLength: 1, maxLength: 30 }),
  awkwardString,
);

/** Path and query ids a client should never send. */
export const badId = fc.oneof(
  fc.constantFrom(
    '0',
    '-1',
    '2147483648',
    '9007199254740993',
    '99999999999999999999',
    'abc',
    '1e3',
    '1.5',
    '0x10',
    '00001',
    ' 1',
    '1 ',
    '+1',
    '-0',
    'NaN',
    'Infinity',
    'null',
    'true',
    '[]',
    '{}',
    '١٢',
    '１',
    '1;DROP TABLE users',
  ),
  fc.integer({ min: 20, max: 400 }).map((n) => '9'.repeat(n)),
  awkwardString.filter((s) => s.length > 0),
);
