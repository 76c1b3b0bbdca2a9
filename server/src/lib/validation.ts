/**
 * Request validation: a strict Ajv for bodies (no type coercion, unknown fields rejected, all
 * errors at once) and a coercing one for params and query strings, which arrive as text.
 * Ajv's errors become the field details of the error body, in the spec's wording.
 */
import Ajv, { type ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';
import { EMAIL_PATTERN, formatMessage } from '#domain/validation.ts';
import { FIRST_DAY, isStorableDate, isStorableDateTime, LAST_DAY } from './date-rule.ts';
import type { ErrorDetail } from './errors.ts';

function makeAjv(coerce: boolean) {
  const ajv = new Ajv({
    allErrors: true,
    coerceTypes: coerce ? 'array' : false,
    useDefaults: true,
    removeAdditional: false,
    strict: false,
  });
  addFormats(ajv);
  ajv.addFormat('date', { type: 'string', validate: isStorableDate });
  ajv.addFormat('date-time', { type: 'string', validate: isStorableDateTime });
  return ajv;
}

const bodyAjv = makeAjv(false);
const textAjv = makeAjv(true);

/**
 * Request schemas may $ref the shared schemas by id, as response schemas do: the app adds them
 * (routes/index.ts, SHARED_SCHEMAS) before any route compiles. Adding one twice (another app in
 * the same process) keeps the first.
 */
const added = new Set<string>();
export function addSharedSchemas(schemas: readonly { $id?: string }[]): void {
  for (const schema of schemas) {
    if (schema.$id && added.has(schema.$id)) continue;
    if (schema.$id) added.add(schema.$id);
    bodyAjv.addSchema(schema);
    textAjv.addSchema(schema);
  }
}

export const validatorCompiler: FastifySchemaCompiler<object> = ({ schema, httpPart }) => {
  const ajv = httpPart === 'body' ? bodyAjv : textAjv;
  return ajv.compile(schema) as ReturnType<FastifySchemaCompiler<object>>;
};

function fieldOf(error: ErrorObject): string {
  const base = error.instancePath
    .split('/')
    .filter(Boolean)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .join('.');
  const extra =
    error.keyword === 'required'
      ? (error.params as { missingProperty: string }).missingProperty
      : error.keyword === 'additionalProperties'
        ? (error.params as { additionalProperty: string }).additionalProperty
        : '';
  return [base, extra].filter(Boolean).join('.') || '_';
}

function detailOf(error: ErrorObject): ErrorDetail {
  const field = fieldOf(error);
  const p = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return { field, rule: 'required', message: formatMessage('required') };
    case 'minLength':
      // An empty string for a required text field reads as "required", as the forms say.
      if (p.limit === 1) return { field, rule: 'required', message: formatMessage('required') };
      return {
        field,
        rule: 'minLength',
        params: { min: p.limit as number },
        message: formatMessage('minLength', { min: p.limit as number }),
      };
    case 'maxLength':
      return {
        field,
        rule: 'maxLength',
        params: { max: p.limit as number },
        message: formatMessage('maxLength', { max: p.limit as number }),
      };
    case 'pattern':
      if (p.pattern === EMAIL_PATTERN) return { field, rule: 'email', message: formatMessage('email') };
      return { field, rule: 'pattern', message: 'Contains characters that are not allowed' };
    case 'format':
      if (p.format === 'email') return { field, rule: 'email', message: formatMessage('email') };
      if (p.format === 'date' || p.format === 'date-time') {
        return {
          field,
          rule: 'format',
          message: `Must be a valid ${String(p.format)} between ${FIRST_DAY} and ${LAST_DAY}`,
        };
      }
      return { field, rule: 'format', message: `Must be a valid ${String(p.format)}` };
    case 'additionalProperties':
      return { field, rule: 'unknown', message: 'Unknown field' };
    case 'type':
      return {
        field,
        rule: 'type',
        message: `Must be ${p.type === 'integer' ? 'a whole number' : `a ${String(p.type)}`}`,
      };
    case 'enum':
      return { field, rule: 'enum', message: `Must be one of: ${(p.allowedValues as unknown[]).join(', ')}` };
    case 'const':
      return { field, rule: 'enum', message: `Must be ${String(p.allowedValue)}` };
    case 'minimum':
      return {
        field,
        rule: 'minimum',
        params: { min: p.limit as number },
        message: `Must be at least ${p.limit}`,
      };
    case 'maximum':
      return {
        field,
        rule: 'maximum',
        params: { max: p.limit as number },
        message: `Must be at most ${p.limit}`,
      };
    case 'minItems':
      return {
        field,
        rule: 'minItems',
        params: { min: p.limit as number },
        message: `Choose at least ${p.limit}`,
      };
    case 'maxItems':
      return {
        field,
        rule: 'maxItems',
        params: { max: p.limit as number },
        message: `Choose at most ${p.limit}`,
      };
    default:
      return { field, rule: error.keyword, message: error.message ?? 'Invalid value' };
  }
}

/** One detail per field: the first failing rule, with "required" and "type" winning over the rest. */
export function detailsFromAjv(errors: ErrorObject[]): ErrorDetail[] {
  const byField = new Map<string, ErrorDetail>();
  const rank = (d: ErrorDetail) => (d.rule === 'required' ? 0 : d.rule === 'type' ? 1 : 2);
  for (const e of errors) {
    if (e.keyword === 'anyOf' || e.keyword === 'oneOf' || e.keyword === 'if') continue;
    const d = detailOf(e);
    const prev = byField.get(d.field);
    if (!prev || rank(d) < rank(prev)) byField.set(d.field, d);
  }
  return [...byField.values()];
}
