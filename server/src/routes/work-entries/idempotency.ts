/**
 * Idempotency of a worker's actions (check-in, status or notes change, photo upload): a phone's
 * outbox sends each action with an Idempotency-Key and resends it until it has an answer, so the
 * server must do each action once however often it arrives.
 * - The key is claimed in the transaction of the change and its answer stored there too: a key is
 *   kept exactly when its change is. A refused action (4xx) changes nothing and keeps no key, so a
 *   resend is judged again on the state it then finds.
 * - A resend of the same request (method, path, body hash) answers the first answer, marked
 *   Idempotent-Replayed; the same key with another request is refused (422), and a copy that
 *   arrives while the first is in flight waits for the first's transaction and then replays it.
 * - Keys belong to one user of one site and expire after 7 days (removed by the user's next claim
 *   at most hourly).
 */
import { createHash } from 'node:crypto';
import { IDEMPOTENCY_KEY_DAYS } from '#domain/work-entries.ts';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../../lib/errors.ts';
import * as keys from '../../repositories/idempotency-keys.ts';
import type { RequestContext } from '../../types.ts';

export interface Answer {
  statusCode: number;
  body: unknown;
  /** True when this is the stored answer of an earlier request with the same key. */
  replayed: boolean;
}

/** JSON with the object keys sorted, so a resend's body hashes the same whatever its key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** A request's fingerprint: its method and path, and a hash of its body (or of a file's bytes). */
export function fingerprintOf(method: string, url: string, body: unknown, bodyHash?: string) {
  const hash =
    bodyHash ??
    createHash('sha256')
      .update(canonical(body ?? null))
      .digest('hex');
  return `${method.toUpperCase()} ${url.split('?')[0]} ${hash}`;
}

const expiredBefore = () => new Date(Date.now() - IDEMPOTENCY_KEY_DAYS * 24 * 60 * 60 * 1000);

/** A live key's answer for this request: the stored answer, or a refusal. */
function judge(
  row: Awaited<ReturnType<typeof keys.findKey>> | undefined,
  fingerprint: string,
  before = expiredBefore(),
): Answer | undefined {
  if (!row || row.createdAt < before) return undefined;
  if (row.fingerprint !== fingerprint) {
    const message = 'This Idempotency-Key was already used for another request; send a new key';
    throw new HttpError(422, message, {
      code: 'IDEMPOTENCY_KEY_REUSED',
      details: [{ field: 'idempotency-key', message, rule: 'reused' }],
    });
  }
  if (row.statusCode === null) {
    // Not reachable while rows are written in their change's transaction; kept as a safe answer.
    throw new HttpError(409, 'The first request with this Idempotency-Key is still in progress', {
      code: 'IDEMPOTENCY_IN_PROGRESS',
    });
  }
  return { statusCode: row.statusCode, body: row.response, replayed: true };
}

/** The stored answer for this key and request, if there is one (a read before costly work). */
export async function storedAnswer(ctx: RequestContext, key: string | undefined, fingerprint: string) {
  if (key === undefined) return undefined;
  const row = await keys.findKey(ctx.db, { siteId: ctx.siteId, userId: ctx.actor.userId, key });
  return judge(row, fingerprint);
}

/**
 * Runs `change` once per key: in one transaction with the key's claim and its stored answer
 * (`change` is given the context of that transaction), or the stored answer of the request
 * that claimed the key first. Without a key, `change` simply runs.
 */
export async function once(
  ctx: RequestContext,
  key: string | undefined,
  fingerprint: string,
  change: (ctx: RequestContext) => Promise<{ statusCode: number; body: unknown }>,
): Promise<Answer> {
  if (key === undefined) return { ...(await change(ctx)), replayed: false };
  return onceAfterRead(
    ctx,
    key,
    fingerprint,
    async (_tx, claim) => ({ claimed: (await claim).length > 0, value: undefined }),
    (c) => change(c),
  );
}

/**
 * `once` for a change that starts with a read: `read` is given the key's claim as a query not yet
 * run and runs it inside its own statement (as a CTE), so the claim costs no round trip of its
 * own. It answers whether the claim took the key, or undefined when its statement could not tell
 * (it found no row): then the key's row read back decides, since a row without an answer can only
 * be this transaction's own claim (every other row is written with its answer in its change's
 * transaction). `change` is given what `read` read; a refusal it throws keeps no key.
 */
export async function onceAfterRead<T>(
  ctx: RequestContext,
  key: string,
  fingerprint: string,
  read: (tx: Db, claim: keys.ClaimQuery) => Promise<{ claimed: boolean | undefined; value: T }>,
  change: (ctx: RequestContext, value: T) => Promise<{ statusCode: number; body: unknown }>,
): Promise<Answer> {
  const owner = { siteId: ctx.siteId, userId: ctx.actor.userId, key };
  const before = expiredBefore();
  const answer = await ctx.db.transaction(async (tx): Promise<Answer> => {
    const { claimed, value } = await read(tx, keys.claimQuery(tx, owner, fingerprint, before));
    const row = claimed === true ? undefined : await keys.findKey(tx, owner);
    if (claimed === true || (claimed === undefined && row?.statusCode === null)) {
      const first = await change({ ...ctx, db: tx }, value);
      await keys.saveAnswer(tx, owner, first.statusCode, first.body);
      return { ...first, replayed: false };
    }
    const stored = judge(row, fingerprint, before);
    // The claim failed on a live row, which a read in the same transaction sees.
    if (!stored) throw new Error('idempotency key vanished between its claim and its read');
    return stored;
  });
  // After the commit, not inside: two transactions each deleting rows the other holds could deadlock.
  if (!answer.replayed && sweepDue(owner)) await keys.removeExpiredKeys(ctx.db, owner, before);
  return answer;
}

/**
 * A user's expired keys are removed at most once an hour per server process, not after every
 * claim: an expired key is already treated as unused, so removing it is only upkeep, and a delete
 * per action was one of a check-in's round trips (bench/check-in.ts).
 */
const SWEEP_EVERY_MS = 60 * 60 * 1000;
const lastSweep = new Map<string, number>();

function sweepDue(owner: { siteId: string; userId: number }, now = Date.now()): boolean {
  const id = `${owner.siteId}:${owner.userId}`;
  if (now - (lastSweep.get(id) ?? 0) < SWEEP_EVERY_MS) return false;
  // Bounded: past 10,000 users the map starts again (each sweeps once more, nothing else).
  if (lastSweep.size >= 10_000) lastSweep.clear();
  lastSweep.set(id, now);
  return true;
}

/** A request's key (if it sent one) and fingerprint, as the service functions take them. */
export interface Keyed {
  key: string | undefined;
  fingerprint: string;
}
