/**
 * The edge sweep: for every operation, every path or query parameter and every top-level body
 * field with a format or a numeric type gets each of its edge values (edges.ts) in turn, the rest
 * of the request plausible (required parameters from the schema, optional ones left out, the body
 * otherwise as generated). Random requests find such a value only by luck when many parameters
 * must be right at once; the sweep sends each one, as the admin, so it reaches the database.
 */
import fc from 'fast-check';
import { DATE_EDGES, DATE_TIME_EDGES } from './edges.ts';
import { type ApiDocument, type Operation, resolve, type Schema } from './openapi.ts';
import { encodeComponent, type FuzzRequest } from './requests.ts';
import { typesOf, validValue } from './schema-values.ts';

/** A short list per kind: the sweep sends every one of them for every field. */
const SWEEP_INTEGERS = [
  ...[2 ** 31 - 1, 2 ** 31, -(2 ** 31), -(2 ** 31) - 1, 2 ** 53, -(2 ** 53), 2 ** 53 + 2].map(String),
  '1e3',
  '1e21',
  '1e309',
  '-0',
  '2.5',
];

function sweepValues(schema: Schema): string[] {
  if (schema.format === 'date') return DATE_EDGES;
  if (schema.format === 'date-time') return [...DATE_TIME_EDGES, ...DATE_EDGES.slice(0, 4)];
  const types = typesOf(schema);
  if (types.includes('integer') || types.includes('number')) return SWEEP_INTEGERS;
  return [];
}

/** Sweep values as JSON body values: numbers as numbers (1e309 is Infinity, sent as null: skipped). */
const asJson = (text: string): unknown => {
  if (DATE_EDGES.includes(text) || DATE_TIME_EDGES.includes(text)) return text;
  const n = Number(text);
  return Number.isFinite(n) ? n : undefined;
};

const sample = <T>(arb: fc.Arbitrary<T>, seed: number): T => fc.sample(arb, { seed, numRuns: 1 })[0];

export function edgeRequests(doc: ApiDocument, op: Operation, seed: number): FuzzRequest[] {
  const prefix = doc.servers?.[0]?.url ?? '';
  const params = op.parameters.filter((p) => p.in === 'path' || p.in === 'query');
  // Ids start at 1 and the fuzz database holds a few of each kind: 1 names a record.
  const plausible = (schema: Schema) => {
    const s = resolve(doc, schema);
    return typesOf(s).includes('integer') ? '1' : String(sample(validValue(doc, s), seed));
  };
  const base = new Map(params.filter((p) => p.required).map((p) => [p.name, plausible(p.schema)]));
  const body = op.body ? sample(validValue(doc, op.body), seed) : undefined;

  const urlWith = (values: Map<string, string>) => {
    let url = prefix + op.path;
    const query: string[] = [];
    for (const p of params) {
      const v = values.get(p.name);
      if (p.in === 'path') url = url.replace(`{${p.name}}`, encodeComponent(v ?? '1'));
      else if (v !== undefined) query.push(`${encodeComponent(p.name)}=${encodeComponent(v)}`);
    }
    return query.length ? `${url}?${query.join('&')}` : url;
  };
  const request = (url: string, payload?: unknown): FuzzRequest => ({
    method: op.method,
    url,
    caller: 'admin',
    contentType: payload === undefined ? undefined : 'application/json',
    payload: payload === undefined ? undefined : JSON.stringify(payload),
    body: payload === undefined ? 'none' : 'edge',
    remoteAddress: '10.8.0.1',
  });

  const out: FuzzRequest[] = [];
  for (const p of params) {
    for (const value of sweepValues(resolve(doc, p.schema))) {
      out.push(request(urlWith(new Map([...base, [p.name, value]])), body));
    }
  }
  const bodySchema = op.body ? resolve(doc, op.body) : undefined;
  if (bodySchema?.properties && body && typeof body === 'object' && !Array.isArray(body)) {
    for (const [field, raw] of Object.entries(bodySchema.properties)) {
      const schema = resolve(doc, raw);
      for (const text of sweepValues(schema)) {
        const value = asJson(text);
        if (value !== undefined) out.push(request(urlWith(base), { ...body, [field]: value }));
      }
    }
  }
  return out;
}
