/**
 * One fuzzed request for an operation: its path and query parameters (valid-ish or bad), a body
 * (valid-ish, mutated, broken JSON, or one the operation does not take), a content type, a caller
 * (the admin, nobody, or a forged token) and a client address. The token is filled in when sent,
 * since sessions come and go while fuzzing.
 */
import fc from 'fast-check';
import { badId, extraKey, wrongTypeValue } from './hostile.ts';
import { mutatedBody, taintedBody } from './mutate.ts';
import type { ApiDocument, Operation } from './openapi.ts';
import { contentType, malformedPayload } from './payloads.ts';
import { validValue } from './schema-values.ts';

export type Caller = 'admin' | 'nobody' | 'forged' | 'tampered';

export interface FuzzRequest {
  method: string;
  url: string;
  caller: Caller;
  /** The Authorization header of a 'forged' caller. */
  forgedAuthorization?: string;
  contentType?: string;
  payload?: string | Buffer;
  /** What the body is, for the failure report. */
  body: 'none' | 'valid' | 'tainted' | 'mutated' | 'malformed' | 'unexpected';
  remoteAddress: string;
}

const FORGED = [
  'Bearer ',
  'Bearer abc',
  'Bearer a.b.c',
  'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOjEsInNpdGUiOiJtYWluIiwicm9sZSI6ImFkbWluIn0.',
  'Basic YWRtaW46YWRtaW4=',
  `Bearer ${'x'.repeat(8000)}`,
  'bearer',
  'Token abc',
];

/** encodeURIComponent, except that a lone surrogate goes out as its WTF-8 bytes instead of throwing. */
export function encodeComponent(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return [...value]
      .map((c) => {
        try {
          return encodeURIComponent(c);
        } catch {
          const u = c.charCodeAt(0);
          return [0xe0 | (u >> 12), 0x80 | ((u >> 6) & 0x3f), 0x80 | (u & 0x3f)]
            .map((b) => `%${b.toString(16).toUpperCase()}`)
            .join('');
        }
      })
      .join('');
  }
}

const asText = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

function parameterValues(doc: ApiDocument, op: Operation, where: 'path' | 'query') {
  const params = op.parameters.filter((p) => p.in === where);
  return fc
    .tuple(
      ...params.map((p) =>
        fc.oneof(
          { weight: 3, arbitrary: validValue(doc, p.schema).map(asText) },
          { weight: 2, arbitrary: badId },
          // An optional query parameter may be left out.
          { weight: where === 'query' && !p.required ? 1 : 0, arbitrary: fc.constant(undefined) },
        ),
      ),
    )
    .map((values) => params.map((p, i) => [p.name, values[i]] as const));
}

function url(doc: ApiDocument, op: Operation): fc.Arbitrary<string> {
  const prefix = doc.servers?.[0]?.url ?? '';
  const extraQuery = fc.option(fc.tuple(extraKey, fc.oneof(badId, fc.string())), { freq: 4 });
  return fc
    .tuple(parameterValues(doc, op, 'path'), parameterValues(doc, op, 'query'), extraQuery)
    .map(([path, query, extra]) => {
      let result = prefix + op.path;
      for (const [name, value] of path) result = result.replace(`{${name}}`, encodeComponent(value ?? ''));
      const pairs = [...query.filter(([, v]) => v !== undefined), ...(extra ? [extra] : [])];
      const search = pairs.map(([k, v]) => `${encodeComponent(k)}=${encodeComponent(v ?? '')}`).join('&');
      return search ? `${result}?${search}` : result;
    });
}

type Body = Pick<FuzzRequest, 'payload' | 'body'>;

function body(doc: ApiDocument, op: Operation): fc.Arbitrary<Body> {
  const malformed = malformedPayload.map((payload): Body => ({ payload, body: 'malformed' }));
  const none = fc.constant<Body>({ body: 'none' });
  if (!op.body) {
    const unexpected = wrongTypeValue.map((v): Body => ({ payload: JSON.stringify(v), body: 'unexpected' }));
    return fc.oneof(
      { weight: 6, arbitrary: none },
      { weight: 1, arbitrary: unexpected },
      { weight: 1, arbitrary: malformed },
    );
  }
  const schema = op.body;
  const valid = validValue(doc, schema);
  return fc.oneof(
    { weight: 3, arbitrary: valid.map((v): Body => ({ payload: JSON.stringify(v), body: 'valid' })) },
    {
      weight: 3,
      arbitrary: valid
        .chain((v) => taintedBody(doc, schema, v))
        .map((v): Body => ({ payload: JSON.stringify(v), body: 'tainted' })),
    },
    {
      weight: 6,
      arbitrary: valid
        .chain((v) => mutatedBody(doc, schema, v))
        .map((v): Body => ({ payload: JSON.stringify(v) ?? '', body: 'mutated' })),
    },
    { weight: 2, arbitrary: malformed },
    { weight: 1, arbitrary: none },
  );
}

export function requestFor(doc: ApiDocument, op: Operation): fc.Arbitrary<FuzzRequest> {
  const caller = fc.oneof(
    { weight: 6, arbitrary: fc.constant<Caller>('admin') },
    { weight: 2, arbitrary: fc.constant<Caller>('nobody') },
    { weight: 1, arbitrary: fc.constant<Caller>('forged') },
    { weight: 1, arbitrary: fc.constant<Caller>('tampered') },
  );
  return fc
    .record({
      url: url(doc, op),
      caller,
      forged: fc.constantFrom(...FORGED),
      body: body(doc, op),
      type: contentType,
      bodilessType: fc.option(contentType, { freq: 5 }),
      address: fc.tuple(fc.nat(255), fc.nat(255)).map(([a, b]) => `10.9.${a}.${b}`),
    })
    .map(({ url, caller, forged, body, type, bodilessType, address }) => {
      const request: FuzzRequest = {
        method: op.method,
        url,
        caller,
        forgedAuthorization: caller === 'forged' ? forged : undefined,
        contentType: body.payload === undefined ? (bodilessType ?? undefined) : type,
        ...body,
        remoteAddress: address,
      };
      // fast-check prints counterexamples with this: the short account, not a 300 KiB body.
      return Object.assign(request, { [fc.toStringMethod]: () => describeRequest(request) });
    });
}

/** A short account of a request for the failure report (bodies can be 300 KiB). */
export function describeRequest(r: FuzzRequest): string {
  const payload =
    r.payload === undefined
      ? 'no body'
      : `${r.body} body, ${r.payload.length} ${typeof r.payload === 'string' ? 'chars' : 'bytes'}: ${JSON.stringify(
          r.payload.toString().slice(0, 300),
        )}`;
  return `${r.method} ${r.url.slice(0, 300)} as ${r.caller}${r.forgedAuthorization ? ` (${r.forgedAuthorization.slice(0, 40)})` : ''}, content-type ${r.contentType ?? 'none'}, ${payload}`;
}
