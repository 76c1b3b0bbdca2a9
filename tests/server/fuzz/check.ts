/**
 * What every answer must satisfy, whatever was sent: never a 5xx; a status the operation declares;
 * a body that matches the schema declared for that status; and for an error, the one error body
 * { statusCode, error, message, code?, details?: [{ field, message }] } with the status it came with.
 */
import { STATUS_CODES } from 'node:http';
import type { LightMyRequestResponse } from 'fastify';
import type { BodyValidator, Operation, Schema } from './openapi.ts';

/** Answered by a route whatever it declares: none today; add one here only with a reason. */
export const UNDECLARED_ALLOWED = new Set<number>();

const isNonEmptyString = (v: unknown) => typeof v === 'string' && v.trim() !== '';

function errorBodyProblem(status: number, body: Record<string, unknown>): string | undefined {
  if (body.statusCode !== status)
    return `statusCode ${String(body.statusCode)} differs from the status ${status}`;
  // The console and logs read `error` as the name of the status, as Fastify's own errors do.
  if (body.error !== STATUS_CODES[status])
    return `error ${JSON.stringify(body.error)} is not "${STATUS_CODES[status]}"`;
  if (!isNonEmptyString(body.message)) return 'message is missing or empty';
  if (body.code !== undefined && !isNonEmptyString(body.code)) return 'code is not a non-empty string';
  if (body.details !== undefined) {
    if (!Array.isArray(body.details) || body.details.length === 0) return 'details is not a non-empty list';
    for (const d of body.details as Record<string, unknown>[]) {
      if (typeof d?.field !== 'string' || !isNonEmptyString(d.message))
        return `detail ${JSON.stringify(d)} lacks field or message`;
    }
  }
  return undefined;
}

/** Undefined when the answer is acceptable, else what is wrong with it. */
export function answerProblem(
  op: Operation,
  res: LightMyRequestResponse,
  validatorFor: (schema: Schema) => BodyValidator,
): string | undefined {
  const status = res.statusCode;
  if (status >= 500) return `answered ${status}`;
  const declared = op.responses.has(status);
  if (!declared && !UNDECLARED_ALLOWED.has(status)) {
    return `answered ${status}, which ${op.id} does not declare (declares ${[...op.responses.keys()].join(', ')})`;
  }
  const schema = op.responses.get(status);
  if (!schema && status < 400) return undefined;
  // A success in another type the operation declares for it (a list's CSV form) is not JSON.
  const type = String(res.headers['content-type'] ?? '')
    .split(';')[0]
    .trim();
  if (status < 400 && op.otherTypes.get(status)?.includes(type)) return undefined;
  let body: unknown;
  try {
    body = JSON.parse(res.body);
  } catch {
    return `answered ${status} with a body that is not JSON`;
  }
  if (status >= 400) {
    if (!body || typeof body !== 'object' || Array.isArray(body)) return 'the error body is not an object';
    const problem = errorBodyProblem(status, body as Record<string, unknown>);
    if (problem) return `error body: ${problem}`;
  }
  const invalid = schema ? validatorFor(schema)(body) : undefined;
  return invalid ? `the ${status} body does not match its declared schema: ${invalid}` : undefined;
}
