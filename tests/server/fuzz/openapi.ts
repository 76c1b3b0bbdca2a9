/**
 * The committed OpenAPI document as the fuzzer sees it: every operation with its parameters, body
 * schema and declared answers, $refs resolved against the document, and a validator for the body
 * each declared answer promises. Nothing here names a route, so a new route is fuzzed as it lands.
 */
import { readFileSync } from 'node:fs';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

export type Schema = Record<string, unknown> & {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
};

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema: Schema;
}

export interface Operation {
  id: string;
  method: string;
  /** The path relative to the document's server, e.g. /users/{id}. */
  path: string;
  parameters: Parameter[];
  body?: Schema;
  /** The form schema of an operation that takes multipart/form-data. */
  multipart?: Schema;
  /** Declared answers: status code → schema of the JSON body (null when none is declared). */
  responses: Map<number, Schema | null>;
  /** The other content types each status declares (a list's CSV form, an image): status → types. */
  otherTypes: Map<number, string[]>;
  /** Public operations declare `security: []`. */
  public: boolean;
}

export interface ApiDocument {
  servers?: { url: string }[];
  paths: Record<string, Record<string, Record<string, unknown>>>;
  components?: { schemas?: Record<string, Schema> };
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

export function readCommittedDocument(): ApiDocument {
  return JSON.parse(readFileSync(new URL('../../../openapi.json', import.meta.url), 'utf8'));
}

/** Follows `#/…` references until a schema without one. */
export function resolve(doc: ApiDocument, schema: Schema): Schema {
  let current = schema;
  for (let hops = 0; current.$ref && hops < 20; hops++) {
    const pointer = current.$ref.replace(/^#\//, '').split('/');
    let target: unknown = doc;
    for (const part of pointer) {
      target = (target as Record<string, unknown>)[part.replace(/~1/g, '/').replace(/~0/g, '~')];
    }
    if (!target) throw new Error(`Unresolvable $ref ${current.$ref}`);
    current = target as Schema;
  }
  return current;
}

const jsonSchemaOf = (content: unknown): Schema | null =>
  ((content as Record<string, { schema?: Schema }> | undefined)?.['application/json']?.schema ??
    null) as Schema | null;

export function operationsOf(doc: ApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method] as Record<string, unknown> | undefined;
      if (!op) continue;
      const responses = new Map<number, Schema | null>();
      const otherTypes = new Map<number, string[]>();
      for (const [code, answer] of Object.entries((op.responses ?? {}) as Record<string, unknown>)) {
        const content = (answer as { content?: Record<string, unknown> }).content;
        responses.set(Number(code), jsonSchemaOf(content));
        otherTypes.set(
          Number(code),
          Object.keys(content ?? {}).filter((type) => type !== 'application/json'),
        );
      }
      const requestBody = op.requestBody as
        | { content?: Record<string, { schema?: Schema } | undefined> }
        | undefined;
      const form = requestBody?.content?.['multipart/form-data'];
      operations.push({
        id: (op.operationId as string) ?? `${method} ${path}`,
        method: method.toUpperCase(),
        path,
        parameters: ((op.parameters ?? []) as Parameter[]).map((p) => ({ ...p, schema: p.schema ?? {} })),
        body: requestBody && !form ? (jsonSchemaOf(requestBody.content) ?? {}) : undefined,
        multipart: form ? (form.schema ?? {}) : undefined,
        responses,
        otherTypes,
        public: Array.isArray(op.security) && op.security.length === 0,
      });
    }
  }
  return operations;
}

/** Points local references at the document registered under `doc`, so a fragment compiles alone. */
function rebase(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rebase);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [
      k,
      k === '$ref' && typeof v === 'string' && v.startsWith('#/') ? `doc${v}` : rebase(v),
    ]),
  );
}

export type BodyValidator = (body: unknown) => string | undefined;

/** One validator per declared answer body, compiled once per document. */
export function responseValidators(doc: ApiDocument) {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  addFormats(ajv);
  ajv.addSchema({ $id: 'doc', components: doc.components ?? {} });
  const cache = new Map<Schema, BodyValidator>();
  return (schema: Schema): BodyValidator => {
    let validator = cache.get(schema);
    if (!validator) {
      const validate = ajv.compile(rebase(schema) as object);
      validator = (body) =>
        validate(body)
          ? undefined
          : (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}`).join('; ');
      cache.set(schema, validator);
    }
    return validator;
  };
}
