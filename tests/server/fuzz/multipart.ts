/**
 * Multipart bodies for every operation that takes multipart/form-data, from its declared form
 * schema (binary properties are files, the rest text fields): a well-formed one, and the ways a
 * client or a proxy breaks one: no boundary, an empty or wrong one, the body cut anywhere, two
 * files, an empty file, a part with no name or no headers, a huge part header, no closing line.
 */
import fc from 'fast-check';
import { PNG } from '../work-entries-support.ts';
import type { Schema } from './openapi.ts';

export interface MultipartBody {
  contentType: string;
  payload: Buffer;
  /** Which variant, for the failure report. */
  kind: string;
}

interface Part {
  headers: string[];
  content: Buffer;
}

const fileParts = (schema: Schema) =>
  Object.entries(schema.properties ?? {}).map(([name, s]) => ({ name, file: s.format === 'binary' }));

function partOf(name: string | undefined, file: boolean, content: Buffer): Part {
  const disposition = `Content-Disposition: form-data${name === undefined ? '' : `; name="${name}"`}${file ? '; filename="photo.png"' : ''}`;
  return { headers: file ? [disposition, 'Content-Type: image/png'] : [disposition], content };
}

function encode(boundary: string, parts: Part[], close = true): Buffer {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    chunks.push(
      Buffer.from(`--${boundary}\r\n${p.headers.join('\r\n')}\r\n\r\n`),
      p.content,
      Buffer.from('\r\n'),
    );
  }
  if (close) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

export function multipartBody(schema: Schema): fc.Arbitrary<MultipartBody> {
  const fields = fileParts(schema);
  const wellFormed = (content = PNG) =>
    fields.map((f) => partOf(f.name, f.file, f.file ? content : Buffer.from('x')));
  const first = fields[0]?.name ?? 'file';
  const type = (boundary: string) => `multipart/form-data; boundary=${boundary}`;
  const variants: fc.Arbitrary<MultipartBody>[] = [
    fc.constant({ kind: 'well-formed', contentType: type('b0'), payload: encode('b0', wellFormed()) }),
    fc.constant({
      kind: 'no boundary',
      contentType: 'multipart/form-data',
      payload: encode('b0', wellFormed()),
    }),
    fc.constant({
      kind: 'empty boundary',
      contentType: 'multipart/form-data; boundary=',
      payload: encode('b0', wellFormed()),
    }),
    fc.constant({
      kind: 'quoted boundary',
      contentType: 'multipart/form-data; boundary="b 0"',
      payload: encode('b 0', wellFormed()),
    }),
    fc.constant({ kind: 'wrong boundary', contentType: type('other'), payload: encode('b0', wellFormed()) }),
    fc.constant({
      kind: 'no closing line',
      contentType: type('b0'),
      payload: encode('b0', wellFormed(), false),
    }),
    fc.nat().map((at) => {
      const whole = encode('b0', wellFormed());
      return {
        kind: `cut at ${at % whole.length}`,
        contentType: type('b0'),
        payload: whole.subarray(0, at % whole.length),
      };
    }),
    fc.constant({
      kind: 'two files',
      contentType: type('b0'),
      payload: encode('b0', [...wellFormed(), ...wellFormed()]),
    }),
    fc.constant({
      kind: 'empty file',
      contentType: type('b0'),
      payload: encode('b0', wellFormed(Buffer.alloc(0))),
    }),
    fc.constant({
      kind: 'a part with no name',
      contentType: type('b0'),
      payload: encode('b0', [partOf(undefined, true, PNG)]),
    }),
    fc.constant({
      kind: 'a part with no headers',
      contentType: type('b0'),
      payload: encode('b0', [{ headers: [], content: PNG }]),
    }),
    fc.constantFrom(1_000, 100_000, 300_000).map((n) => ({
      kind: `a ${n}-byte part header`,
      contentType: type('b0'),
      payload: encode('b0', [
        {
          headers: [`Content-Disposition: form-data; name="${first}"; filename="${'a'.repeat(n)}.png"`],
          content: PNG,
        },
      ]),
    })),
    fc.constant({
      kind: 'an unknown field',
      contentType: type('b0'),
      payload: encode('b0', [partOf('not_a_field', true, PNG)]),
    }),
    fc.constant({ kind: 'no parts', contentType: type('b0'), payload: Buffer.from('--b0--\r\n') }),
    fc.constant({ kind: 'empty body', contentType: type('b0'), payload: Buffer.alloc(0) }),
  ];
  return fc.oneof(...variants);
}
