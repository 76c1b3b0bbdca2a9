/**
 * Breaks a valid-ish body one place at a time, guided by its schema: a field goes missing, an
 * unknown one appears, a value takes the wrong type, text sits just outside its length limits or
 * carries control characters and lone surrogates, a number leaves its range, an enum is nearly
 * right. Several mutations can stack. The whole body can also be replaced by something else.
 */
import fc from 'fast-check';
import { edgeValue } from './edges.ts';
import {
  AWKWARD_PIECES,
  awkwardString,
  deepValue,
  extraKey,
  insertAt,
  longString,
  numberEdge,
  wrongTypeValue,
} from './hostile.ts';
import { type ApiDocument, resolve, type Schema } from './openapi.ts';
import { typesOf } from './schema-values.ts';

type Path = (string | number)[];

interface Slot {
  path: Path;
  schema: Schema;
}

/**
 * The values in the body with the schema that describes each, the body itself included. Stops
 * where an earlier mutation left something deep or wide: it is broken enough there.
 */
function slotsOf(doc: ApiDocument, value: unknown, raw: Schema, path: Path = []): Slot[] {
  const schema = resolve(doc, raw);
  const slots: Slot[] = [{ path, schema }];
  if (path.length >= 6 || !value || typeof value !== 'object') return slots;
  const entries = Array.isArray(value) ? [...value.entries()] : Object.entries(value);
  for (const [key, v] of entries.slice(0, 50)) {
    const sub = Array.isArray(value) ? (schema.items ?? {}) : (schema.properties?.[key as string] ?? {});
    slots.push(...slotsOf(doc, v, sub, [...path, key]));
  }
  return slots;
}

const num = (schema: Schema, key: string) =>
  typeof schema[key] === 'number' ? (schema[key] as number) : undefined;

/**
 * The text with a control character or lone surrogate slipped in, NUL and surrogates most often:
 * it still passes every schema rule, so it reaches the service and the database.
 */
const tainted = (text: string) =>
  fc
    .tuple(
      fc.oneof(fc.constantFrom('\u0000', '\ud800', '\udfff'), fc.constantFrom(...AWKWARD_PIECES)),
      fc.nat(),
    )
    .map(([piece, at]) => insertAt(text, piece, at));

/** A valid-ish body with one of its texts tainted (unchanged when it has none). */
export function taintedBody(doc: ApiDocument, schema: Schema, body: unknown): fc.Arbitrary<unknown> {
  const texts = slotsOf(doc, body, schema).filter((s) => typeof pathValue(body, s.path) === 'string');
  if (!texts.length) return fc.constant(body);
  return fc
    .constantFrom(...texts)
    .chain((s) => tainted(pathValue(body, s.path) as string).map((v) => setAt(body, s.path, v)));
}

/** Values next to, or far from, what this schema accepts. */
function nearMiss(doc: ApiDocument, schema: Schema, current: unknown): fc.Arbitrary<unknown> {
  const types = typesOf(schema);
  const options: fc.Arbitrary<unknown>[] = [wrongTypeValue, awkwardString];
  let hidden: fc.Arbitrary<unknown> | undefined;
  for (const branch of [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]) {
    if (typesOf(resolve(doc, branch)).length) options.push(nearMiss(doc, resolve(doc, branch), current));
  }
  if (types.includes('string') || schema.enum) {
    const min = num(schema, 'minLength');
    const max = num(schema, 'maxLength');
    const lengths = [min !== undefined && min > 0 ? min - 1 : 0, max ?? 255, (max ?? 255) + 1];
    options.push(
      fc
        .tuple(fc.constantFrom(...lengths), fc.constantFrom('a', 'é', '🙂', ' ', '\u0000'))
        .map(([n, c]) => c.repeat(n)),
      longString,
    );
    if (typeof current === 'string') {
      hidden = tainted(current);
    }
  }
  const formatEdges = edgeValue(schema);
  if (formatEdges) options.push(formatEdges, formatEdges);
  if (types.includes('integer') || types.includes('number')) {
    const edges = [num(schema, 'minimum'), num(schema, 'maximum')].filter((n) => n !== undefined);
    options.push(numberEdge);
    if (edges.length) options.push(fc.constantFrom(...edges.flatMap((n) => [n - 1, n + 1, n + 0.5])));
  }
  if (schema.enum?.length || schema.anyOf || schema.oneOf) {
    const words = (
      schema.enum ?? [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].flatMap((s) => s.enum ?? [])
    ).filter((v): v is string => typeof v === 'string');
    if (words.length) {
      options.push(
        fc
          .constantFrom(...words)
          .chain((w) => fc.constantFrom(w.toUpperCase(), ` ${w}`, `${w}\u0000`, `${w}s`, w.slice(1))),
      );
    }
  }
  return hidden ? fc.oneof({ weight: options.length, arbitrary: hidden }, ...options) : fc.oneof(...options);
}

function setAt(body: unknown, path: Path, value: unknown, remove = false): unknown {
  if (path.length === 0) return value;
  const copy = Array.isArray(body) ? [...body] : { ...(body as Record<string, unknown>) };
  const [head, ...rest] = path;
  const target = copy as Record<string | number, unknown>;
  if (rest.length === 0 && remove) delete target[head];
  else if (rest.length === 0) target[head] = value;
  else target[head] = setAt(target[head], rest, value, remove);
  return copy;
}

/** Adds a property with a literal own key, even `__proto__`. */
function withKey(body: unknown, key: string, value: unknown): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  const copy = { ...(body as Record<string, unknown>) };
  Object.defineProperty(copy, key, { value, enumerable: true, configurable: true, writable: true });
  return copy;
}

function mutateOnce(doc: ApiDocument, schema: Schema, body: unknown): fc.Arbitrary<unknown> {
  const slots = slotsOf(doc, body, schema);
  const inner = slots.filter((s) => s.path.length > 0);
  const objects = slots.filter((s) => typesOf(s.schema).includes('object'));
  const kinds: fc.WeightedArbitrary<unknown>[] = [];
  if (inner.length) {
    const slot = fc.constantFrom(...inner);
    const changed = slot.chain((s) =>
      nearMiss(doc, s.schema, pathValue(body, s.path)).map((v) => setAt(body, s.path, v)),
    );
    kinds.push(
      { weight: 6, arbitrary: changed },
      { weight: 2, arbitrary: slot.map((s) => setAt(body, s.path, undefined, true)) },
    );
  }
  if (objects.length) {
    const added = fc
      .tuple(fc.constantFrom(...objects), extraKey, wrongTypeValue)
      .map(([s, key, v]) =>
        s.path.length === 0
          ? withKey(body, key, v)
          : setAt(body, s.path, withKey(pathValue(body, s.path), key, v)),
      );
    kinds.push({ weight: 2, arbitrary: added });
  }
  kinds.push({ weight: 1, arbitrary: fc.oneof(wrongTypeValue, deepValue, manyKeys) });
  return fc.oneof(...kinds);
}

const pathValue = (body: unknown, path: Path) =>
  path.reduce<unknown>((v, k) => (v as Record<string | number, unknown>)?.[k], body);

const manyKeys = fc
  .integer({ min: 100, max: 20_000 })
  .map((n) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, i])));

/** One to three stacked mutations of a body. */
export function mutatedBody(doc: ApiDocument, schema: Schema, body: unknown): fc.Arbitrary<unknown> {
  const times = fc.oneof({ weight: 6, arbitrary: fc.constant(1) }, fc.constant(2), fc.constant(3));
  return times.chain((times) => {
    let arb: fc.Arbitrary<unknown> = fc.constant(body);
    for (let i = 0; i < times; i++) arb = arb.chain((b) => mutateOnce(doc, schema, b));
    return arb;
  });
}
