/**
 * The logger's configuration: no log line may hold a password, a hash, a token, a cookie or a
 * refresh secret.
 * - Errors are serialised from an allow-list of fields, so the bound values a failed query carries
 *   (drizzle's `params`, the driver's `detail` with the failing row, `where`, …) are never written;
 *   drizzle's "Failed query: …\nparams: …" message keeps the SQL and loses the values.
 * - Headers, bodies and fields that carry secrets are redacted by path, should anything log them.
 */
import type { FastifyServerOptions } from 'fastify';

const REDACTED = '[redacted]';

const SECRET_FIELDS = [
  'password',
  'current_password',
  'new_password',
  'passwordHash',
  'password_hash',
  'token',
  'refreshToken',
  'refresh_token',
  'refreshHash',
  'refresh_hash',
  'previousHash',
  'jwtSecret',
];

export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  'headers["set-cookie"]',
  ...SECRET_FIELDS.flatMap((f) => [f, `*.${f}`, `body.${f}`, `req.body.${f}`]),
];

/** Fields of an error (and of its causes) that describe it without carrying input values. */
const SAFE_FIELDS = [
  'code',
  'statusCode',
  'severity',
  'constraint',
  'table',
  'column',
  'schema',
  'dataType',
  'routine',
] as const;

const PARAMS_MARKER = /\nparams:[\s\S]*$/;
/** The user and password of a URL (redis://user:secret@host, postgres://…): the rest stays readable. */
const URL_CREDENTIALS = /(\b[a-z][a-z0-9+.-]*:\/\/)[^\s/@]*@/gi;

function scrubMessage(message: string): string {
  return message.replace(PARAMS_MARKER, '').replace(URL_CREDENTIALS, `$1${REDACTED}@`);
}

export interface SafeError {
  type: string;
  message: string;
  stack: string;
  cause?: SafeError;
  [field: string]: unknown;
}

/** The loggable form of an error: allow-listed fields, its message and stack without query values. */
export function serializeError(err: unknown, depth = 0): SafeError {
  if (!(err instanceof Error)) return { type: typeof err, message: REDACTED, stack: '' };
  const message = scrubMessage(err.message);
  // The stack starts with the message (query values included); keep only the frames.
  const stack = err.stack ?? '';
  const frames = stack.slice(stack.indexOf('\n    at ') + 1 || stack.length);
  const out: SafeError = {
    type: err.constructor?.name ?? 'Error',
    message,
    stack: `${err.name}: ${message}\n${frames}`.trimEnd(),
  };
  const source = err as unknown as Record<string, unknown>;
  for (const field of SAFE_FIELDS) {
    const value = source[field];
    if (typeof value === 'string' || typeof value === 'number') out[field] = value;
  }
  if (err.cause !== undefined && depth < 5) out.cause = serializeError(err.cause, depth + 1);
  return out;
}

/** A `token` query parameter (the emailed links' pages, /set-password?token=…) is a secret too. */
const URL_TOKEN = /([?&]token=)[^&#]*/gi;
export const redactUrl = (url: string) => url.replace(URL_TOKEN, `$1${REDACTED}`);

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** Fastify's request serialiser, with the URL's secrets taken out. */
function serializeRequest(req: LoggedRequest) {
  return {
    method: req.method,
    url: redactUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

export function loggerOptions(level: string): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    serializers: { err: serializeError, error: serializeError, req: serializeRequest as never },
  };
}
