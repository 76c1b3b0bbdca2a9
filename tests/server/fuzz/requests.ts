/**
 * One fuzzed request for an operation: its path and query parameters (valid-ish or bad), a body
 * (valid-ish, mutated, broken JSON, or one the operation does not take), a content type, a caller
 * (the admin, nobody, or a forged token) and a client address. The token is filled in when sent,
 * since sessions come and go while fuzzing.
 */
import fc from 'fast-check';
import { edgeText } from './edges.ts';
import { badId, extraKey, wrongTypeValue } from './hostile.ts';
import { multipartBody } from './multipart.ts';
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
  body:
    | 'none'
    | 'valid'
    | 'tainted'
    | 'mutated'
    | 'malformed'
    | 'unexpected'
    | 'edge'
    | `multipart: ${string}`;
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

type Values = (readonly [name: string, value: string | undefined, where: string])[];

/**
 * The path and query parameters, in one of three shapes: all plausible (valid or, when optional,
 * left out); all plausible but one, which gets a bad id or its format's edge (so a value the
 * database cannot hold reaches it past every other check); or each as it comes.
 */
function parameterValues(doc: ApiDocument, op: Operation): fc.Arbitrary<Values> {
  const params = op.parameters.filter((p) => p.in === 'path' || p.in === 'query');
  const optional = (p: (typeof params)[number]) => p.in === 'query' && !p.required;
  const good = (p: (typeof params)[number]) =>
    fc.oneof(
      { weight: 3, arbitrary: validValue(doc, p.schema).map(asText) },
      // An optional query parameter may be left out.
      { weight: optional(p) ? 2 : 0, arbitrary: fc.constant(undefined) },
    );
  const bad = (p: (typeof params)[number]) => {
    // The format's or type's edges (edges.ts), spelt as a client may: 0000-01-01, 1e3, 2^53.
    const edge = edgeText(p.schema);
    return fc.oneof({ weight: 2, arbitrary: badId }, { weight: edge ? 3 : 0, arbitrary: edge ?? badId });
  };
  const any = (p: (typeof params)[number]) => fc.oneof(good(p), bad(p));
  const named = (values: (string | undefined)[]): Values =>
    params.map((p, i) => [p.name, values[i], p.in] as const);
  if (!params.length) return fc.constant([]);
  return fc.oneof(
    { weight: 2, arbitrary: fc.tuple(...params.map(good)).map(named) },
    {
      weight: 4,
      arbitrary: fc
        .nat(params.length - 1)
        .chain((broken) => fc.tuple(...params.map((p, i) => (i === broken ? bad(p) : good(p)))))
        .map(named),
    },
    { weight: 2, arbitrary: fc.tuple(...params.map(any)).map(named) },
  );
}

function url(doc: ApiDocument, op: Operation): fc.Arbitrary<string> {
  const prefix = doc.servers?.[0]?.url ?? '';
  const extraQuery = fc.option(fc.tuple(extraKey, fc.oneof(badId, fc.string())), { freq: 4 });
  return fc.tuple(parameterValues(doc, op), extraQuery).map(([values, extra]) => {
    let result = prefix + op.path;
    for (const [name, value, where] of values) {
      if (where === 'path') result = result.replace(`{${name}}`, encodeComponent(value ?? ''));
    }
    const query = values.filter(([, v, where]) => where === 'query' && v !== undefined);
    const pairs = [...query.map(([k, v]) => [k, v] as const), ...(extra ? [extra] : [])];
    const search = pairs.map(([k, v]) => `${encodeComponent(k)}=${encodeComponent(v ?? '')}`).join('&');
    return search ? `${result}?${search}` : result;
  });
}

/** A multipart body brings its own content type (with its boundary, or without one). */
type Body = Pick<FuzzRequest, 'payload' | 'body'> & { contentType?: string };

function body(doc: ApiDocument, op: Operation): fc.Arbitrary<Body> {
  const malformed = malformedPayload.map((payload): Body => ({ payload, body: 'malformed' }));
  const none = fc.constant<Body>({ body: 'none' });
  if (op.multipart) {
    const form = multipartBody(op.multipart).map(
      (m): Body => ({ payload: m.payload, contentType: m.contentType, body: `multipart: ${m.kind}` }),
    );
    return fc.oneof(
      { weight: 8, arbitrary: form },
      { weight: 1, arbitrary: malformed },
      { weight: 1, arbitrary: none },
    );
  }
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
        ...body,
        contentType: body.contentType ?? (body.payload === undefined ? (bodilessType ?? undefined) : type),
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
