/**
 * Valid-ish values from a JSON schema: what a well-behaved client would send, leaning on the
 * boundaries (shortest and longest allowed text, smallest and largest number, ids that may exist)
 * so the request gets past validation and reaches the service and the database. mutate.ts then
 * breaks them.
 */
import fc from 'fast-check';
import { DATE_EDGES, DATE_TIME_EDGES, INTEGER_EDGES } from './edges.ts';
import { type ApiDocument, resolve, type Schema } from './openapi.ts';

const MAX_DEPTH = 6;
const INT32 = 2 ** 31 - 1;

const EPOCH_MIN = new Date('1900-01-01T00:00:00Z');
const EPOCH_MAX = new Date('2100-12-31T00:00:00Z');
const day = (d: Date) => d.toISOString().slice(0, 10);

const num = (schema: Schema, key: string) =>
  typeof schema[key] === 'number' ? (schema[key] as number) : undefined;

export function typesOf(schema: Schema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  if (schema.type) return [schema.type];
  if (schema.properties) return ['object'];
  if (schema.items) return ['array'];
  return [];
}

function text(schema: Schema): fc.Arbitrary<string> {
  const min = num(schema, 'minLength') ?? 0;
  const max = num(schema, 'maxLength') ?? min + 64;
  const fits = (s: string) => [...s].length >= min && [...s].length <= max;
  if (schema.format === 'email') return fc.emailAddress().filter(fits);
  // Ordinary days mostly, and the edges of what the database holds (edges.ts) for every such field.
  if (schema.format === 'date')
    return fc.oneof(
      { weight: 3, arbitrary: fc.date({ noInvalidDate: true, min: EPOCH_MIN, max: EPOCH_MAX }).map(day) },
      { weight: 1, arbitrary: fc.constantFrom(...DATE_EDGES) },
    );
  if (schema.format === 'date-time')
    return fc.oneof(
      { weight: 3, arbitrary: fc.date({ noInvalidDate: true }).map((d) => d.toISOString()) },
      { weight: 1, arbitrary: fc.constantFrom(...DATE_TIME_EDGES) },
    );
  if (typeof schema.pattern === 'string') {
    const pattern = new RegExp(schema.pattern, 'u');
    // Emails and other patterns: a pattern-made string, kept when it also fits the lengths.
    return fc.stringMatching(pattern).filter(fits);
  }
  const sized = (minLength: number, maxLength: number) =>
    fc.oneof(
      { weight: 4, arbitrary: fc.string({ minLength, maxLength, unit: 'grapheme-ascii' }) },
      { weight: 1, arbitrary: fc.string({ minLength, maxLength, unit: 'grapheme' }) },
    );
  // Generating megabytes character by character is slow: a long limit is filled by repetition.
  const longest = max > 1000 ? fc.constantFrom('x', 'é', '🙂').map((c) => c.repeat(max)) : sized(max, max);
  return fc.oneof(
    { weight: 3, arbitrary: sized(min, Math.min(max, min + 24)) },
    { weight: 1, arbitrary: longest },
    { weight: 1, arbitrary: sized(min, min) },
  );
}

function integer(schema: Schema): fc.Arbitrary<number> {
  const min = num(schema, 'minimum') ?? -INT32 - 1;
  const max = num(schema, 'maximum') ?? INT32;
  // Small values first: ids the database is likely to hold.
  return fc.oneof(
    { weight: 3, arbitrary: fc.integer({ min, max: Math.min(max, Math.max(min, 0) + 40) }) },
    { weight: 1, arbitrary: fc.constantFrom(min, max) },
    { weight: 1, arbitrary: fc.integer({ min, max }) },
    // ±2^31, ±2^53 whatever the schema says: outside it they must be a 400, inside they reach the database.
    { weight: 1, arbitrary: fc.constantFrom(...INTEGER_EDGES) },
  );
}

function object(doc: ApiDocument, schema: Schema, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const model = Object.fromEntries(
    Object.entries(properties).map(([key, sub]) => [key, validValue(doc, sub, depth + 1)]),
  );
  const required = (schema.required ?? []).filter((key) => key in properties);
  return fc.record(model, { requiredKeys: required }) as fc.Arbitrary<Record<string, unknown>>;
}

export function validValue(doc: ApiDocument, raw: Schema, depth = 0): fc.Arbitrary<unknown> {
  const schema = resolve(doc, raw);
  if (depth > MAX_DEPTH) return fc.constant(null);
  if ('const' in schema) return fc.constant(schema.const);
  // A documented default or example is a value the server knows (the site `main`, say).
  const known = [schema.default, ...((schema.examples as unknown[]) ?? [])].filter((v) => v !== undefined);
  if (known.length) {
    const rest = { ...schema, default: undefined, examples: undefined };
    return fc.oneof(fc.constantFrom(...known), validValue(doc, rest, depth));
  }
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices?.length) return fc.oneof(...choices.map((s) => validValue(doc, s, depth + 1)));
  if (schema.allOf?.length)
    return validValue(doc, { ...schema, allOf: undefined, ...schema.allOf[0] }, depth);
  const types = typesOf(schema);
  if (types.length === 0) return fc.jsonValue({ maxDepth: 2 });
  return fc.oneof(
    ...types.map((type): fc.Arbitrary<unknown> => {
      switch (type) {
        case 'string':
          return text(schema);
        case 'integer':
          return integer(schema);
        case 'number':
          return fc.oneof(
            { weight: 1, arbitrary: fc.constantFrom(...INTEGER_EDGES, 1e21, 1e-7, 1.5e3) },
            {
              weight: 4,
              arbitrary: fc.double({
                min: num(schema, 'minimum') ?? -1e9,
                max: num(schema, 'maximum') ?? 1e9,
                noNaN: true,
                noDefaultInfinity: true,
              }),
            },
          );
        case 'boolean':
          return fc.boolean();
        case 'null':
          return fc.constant(null);
        case 'array': {
          const minLength = num(schema, 'minItems') ?? 0;
          const maxLength = Math.min(num(schema, 'maxItems') ?? minLength + 4, minLength + 4);
          return fc.array(validValue(doc, schema.items ?? {}, depth + 1), { minLength, maxLength });
        }
        case 'object':
          return object(doc, schema, depth);
        default:
          return fc.jsonValue({ maxDepth: 2 });
      }
    }),
  );
}
