/**
 * What an audit event holds and how its hash is made, with no database: the field changes of a
 * row (old → new, secrets only as "changed"), the event's canonical text and the chain's hash.
 * The repository (repositories/audit-events.ts) writes with these and the verifier reads with them,
 * so both always agree on what a hash covers.
 */
import { createHash } from 'node:crypto';

/** field → { old, new } (API field names); a secret's change is the word "changed". */
export type AuditChanges = Record<string, { old: unknown; new: unknown } | 'changed'>;

/** What a service says about its change; the writer adds the site, actor, time, request and client. */
export interface AuditInput {
  /** '<entity>.<verb>', e.g. 'user.update', 'auth.login_failed'. */
  action: string;
  entity: string;
  id?: number | string | null;
  changes?: AuditChanges | null;
  /** A bulk operation's counts and touched ids, an attempted email: what is not a field change. */
  details?: Record<string, unknown> | null;
}

/** Columns whose values never enter the log (password hashes, tokens, cookies, secrets). */
const SECRET = /password|token|secret|cookie|hash/i;

/** Whether a field (a column's or the API's name) holds a secret whose values are never shown. */
export const isSecretField = (name: string) => SECRET.test(name);
/** Bookkeeping columns every row has; their change says nothing a reader needs. */
const SKIPPED = new Set(['id', 'siteId', 'createdAt', 'updatedAt']);

const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** A value as JSON has it (dates as ISO text, undefined as null), so what is hashed is what is stored. */
export function plain(value: unknown): unknown {
  if (value === undefined) return null;
  return JSON.parse(JSON.stringify(value) ?? 'null');
}

const same = (a: unknown, b: unknown) => JSON.stringify(plain(a)) === JSON.stringify(plain(b));

/**
 * The changes from `before` to `after` (rows or a service's column changes, camelCase as Drizzle
 * has them): every field `after` gives whose value differs. A created record is `(null, row)`, a
 * deleted one `(row, null)`. Names are turned into the API's snake_case unless `names` is 'as-is'
 * (site settings, whose API names are camelCase).
 */
export function auditDiff(
  beforeRow: object | null | undefined,
  afterRow: object | null | undefined,
  names: 'columns' | 'as-is' = 'columns',
): AuditChanges {
  const before = beforeRow as Record<string, unknown> | null | undefined;
  const after = afterRow as Record<string, unknown> | null | undefined;
  const changes: AuditChanges = {};
  for (const key of Object.keys(after ?? before ?? {})) {
    if (SKIPPED.has(key)) continue;
    // A before given as the API has it (snake_case) is read under the column's API name.
    const oldValue = before ? (key in before ? before[key] : before[snake(key)]) : null;
    const newValue = after ? after[key] : null;
    if (before && after && same(oldValue, newValue)) continue;
    changes[names === 'columns' ? snake(key) : key] = SECRET.test(key)
      ? 'changed'
      : { old: plain(oldValue), new: plain(newValue) };
  }
  return changes;
}

/** JSON with object keys sorted at every depth: the same value always gives the same text. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/** The content of an event the hash covers: everything but its id and the hashes. */
export interface ChainedContent {
  at: Date;
  siteId: string;
  actorId: number | null;
  actorName: string;
  action: string;
  entityType: string;
  entityId: string | null;
  changes: unknown;
  details: unknown;
  requestId: string | null;
  client: string | null;
}

/** sha256(previous hash + the event's canonical content), hex. */
export function eventHash(prevHash: string, e: ChainedContent): string {
  const content = canonicalJson([
    e.at.toISOString(),
    e.siteId,
    e.actorId,
    e.actorName,
    e.action,
    e.entityType,
    e.entityId,
    e.changes ?? null,
    e.details ?? null,
    e.requestId,
    e.client,
  ]);
  return createHash('sha256').update(prevHash).update('\n').update(content).digest('hex');
}
