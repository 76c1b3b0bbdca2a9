/**
 * Webhook endpoints, deliveries and attempts (db/schema/webhooks.ts). Every query of the API is
 * scoped to the caller's site; the delivery worker's queries run across sites.
 */
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  webhookAttempts as a,
  webhookDeliveries as d,
  webhookEndpoints as e,
  users,
  type WebhookDeliveryRow,
  type WebhookEndpointRow,
} from '../db/schema/index.ts';
import { preferIndexOrder } from './claim-order.ts';

export type { WebhookDeliveryRow, WebhookEndpointRow };

// ---------- endpoints (API) ----------

export const listEndpoints = (db: Db, siteId: string) =>
  db.select().from(e).where(eq(e.siteId, siteId)).orderBy(asc(e.id));

export async function findEndpoint(
  db: Db,
  siteId: string,
  id: number,
): Promise<WebhookEndpointRow | undefined> {
  const [row] = await db
    .select()
    .from(e)
    .where(and(eq(e.siteId, siteId), eq(e.id, id)));
  return row;
}

export async function insertEndpoint(
  db: Db,
  values: Pick<WebhookEndpointRow, 'siteId' | 'url' | 'events' | 'description' | 'isActive' | 'secretEnc'>,
): Promise<WebhookEndpointRow> {
  const [row] = await db.insert(e).values(values).returning();
  return row;
}

export async function updateEndpoint(
  db: Db,
  siteId: string,
  id: number,
  values: Partial<Omit<WebhookEndpointRow, 'id' | 'siteId' | 'createdAt'>>,
): Promise<WebhookEndpointRow | undefined> {
  const [row] = await db
    .update(e)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(e.siteId, siteId), eq(e.id, id)))
    .returning();
  return row;
}

export async function deleteEndpoint(db: Db, siteId: string, id: number): Promise<boolean> {
  const gone = await db
    .delete(e)
    .where(and(eq(e.siteId, siteId), eq(e.id, id)))
    .returning({ id: e.id });
  return gone.length > 0;
}

// ---------- deliveries (API) ----------

export async function listDeliveries(
  db: Db,
  siteId: string,
  endpointId: number,
  options: { status?: string; page: number; limit: number },
): Promise<{ rows: WebhookDeliveryRow[]; total: number }> {
  const where = and(
    eq(d.siteId, siteId),
    eq(d.endpointId, endpointId),
    options.status ? eq(d.status, options.status) : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(d)
      .where(where)
      .orderBy(desc(d.id))
      .limit(options.limit)
      .offset((options.page - 1) * options.limit),
    db.select({ total: count() }).from(d).where(where),
  ]);
  return { rows, total };
}

export async function findDelivery(
  db: Db,
  siteId: string,
  endpointId: number,
  id: number,
): Promise<WebhookDeliveryRow | undefined> {
  const [row] = await db
    .select()
    .from(d)
    .where(and(eq(d.siteId, siteId), eq(d.endpointId, endpointId), eq(d.id, id)));
  return row;
}

export async function setDelivery(
  db: Db,
  id: number,
  values: Partial<Omit<WebhookDeliveryRow, 'id'>>,
): Promise<WebhookDeliveryRow> {
  const [row] = await db.update(d).set(values).where(eq(d.id, id)).returning();
  return row;
}

export type NewDelivery = typeof d.$inferInsert;

/** A list of ids as one array parameter (`{1,2,3}`), for `= any(…::bigint[])`. */
const idArray = (ids: readonly number[]) => `{${ids.map((n) => Math.trunc(n)).join(',')}}`;

/**
 * Inserts deliveries in one statement whose rows travel as one JSON parameter: a burst's 500 rows
 * of 12 columns bound one by one cost more of the event loop (the query builder, per value) than
 * the database spent inserting them.
 */
export async function insertDeliveries(db: Db, rows: NewDelivery[]): Promise<void> {
  if (rows.length === 0) return;
  const json = JSON.stringify(
    rows.map((r) => ({
      site_id: r.siteId,
      endpoint_id: r.endpointId,
      event_id: r.eventId ?? null,
      kind: r.kind,
      entity_key: r.entityKey,
      body: r.body,
      next_attempt_at: r.nextAttemptAt ?? null,
      expires_at: r.expiresAt,
    })),
  );
  await db.execute(sql`insert into ${d} (site_id, endpoint_id, event_id, kind, entity_key, body, next_attempt_at, expires_at)
    select x.site_id, x.endpoint_id, x.event_id, x.kind, x.entity_key, x.body, coalesce(x.next_attempt_at, now()), x.expires_at
    from json_to_recordset(${json}::json) as x(site_id text, endpoint_id int, event_id bigint, kind text,
      entity_key text, body jsonb, next_attempt_at timestamptz, expires_at timestamptz)`);
}

export async function insertDelivery(db: Db, row: NewDelivery): Promise<WebhookDeliveryRow> {
  const [created] = await db.insert(d).values(row).returning();
  return created;
}

// ---------- the outbox consumer ----------

/** The active endpoints of these sites. */
export function activeEndpointsOf(db: Db, siteIds: string[]) {
  if (siteIds.length === 0) return Promise.resolve([] as WebhookEndpointRow[]);
  return db
    .select()
    .from(e)
    .where(and(inArray(e.siteId, siteIds), eq(e.isActive, true)));
}

// ---------- the delivery worker ----------

export interface Claimed {
  delivery: WebhookDeliveryRow;
  endpoint: WebhookEndpointRow;
}

/**
 * Due pending deliveries of active endpoints, at most one per (endpoint, record): one whose record
 * has an earlier delivery still pending to the same endpoint waits for it (in order per record).
 * Locked rows are skipped (another process has them); those taken are leased until `leaseUntil`,
 * so a process that dies while sending leaves them to be sent again after the lease.
 * The claim walks the due index in order and stops after `limit` claimable rows (claim-order.ts).
 */
export async function claimDue(db: Db, now: Date, leaseUntil: Date, limit: number): Promise<Claimed[]> {
  return db.transaction(async (tx) => {
    await preferIndexOrder(tx);
    const earlier = sql`exists (select 1 from ${d} as p where p.endpoint_id = ${d.endpointId}
      and p.entity_key = ${d.entityKey} and p.status = 'pending' and p.id < ${d.id})`;
    const active = sql`exists (select 1 from ${e} where ${e.id} = ${d.endpointId} and ${e.isActive})`;
    const picked = await tx
      .select({ id: d.id })
      .from(d)
      .where(
        and(
          eq(d.status, 'pending'),
          sql`${d.nextAttemptAt} <= ${now.toISOString()}`,
          active,
          sql`not ${earlier}`,
        ),
      )
      // The due index's order (ties in no particular order: each record's order is the check above).
      .orderBy(asc(d.nextAttemptAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (picked.length === 0) return [];
    const deliveries = await tx
      .update(d)
      .set({ nextAttemptAt: leaseUntil })
      .where(sql`${d.id} = any(${idArray(picked.map((p) => p.id))}::bigint[])`)
      .returning();
    const endpoints = await tx
      .select()
      .from(e)
      .where(inArray(e.id, [...new Set(deliveries.map((x) => x.endpointId))]));
    const byId = new Map(endpoints.map((x) => [x.id, x]));
    return deliveries
      .sort((x, y) => x.id - y.id)
      .flatMap((delivery) => {
        const endpoint = byId.get(delivery.endpointId);
        return endpoint ? [{ delivery, endpoint }] : [];
      });
  });
}

export interface AttemptResult {
  deliveryId: number;
  ok: boolean;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
  at: Date;
  /** The delivery's next state after this attempt. */
  status: 'pending' | 'succeeded' | 'failed';
  attempts: number;
  nextAttemptAt: Date;
}

/**
 * Records attempts and their deliveries' new state, in one statement whatever the batch's size
 * (the results travel as one JSON parameter, as in insertDeliveries).
 */
export async function recordAttempts(db: Db, results: AttemptResult[]): Promise<void> {
  if (results.length === 0) return;
  const json = JSON.stringify(
    results.map((r) => ({
      id: r.deliveryId,
      ok: r.ok,
      status: r.status,
      attempts: r.attempts,
      next_at: r.nextAttemptAt,
      code: r.statusCode,
      err: r.error,
      dur: r.durationMs,
      at: r.at,
    })),
  );
  await db.execute(sql`with v as (
      select * from json_to_recordset(${json}::json) as v(id bigint, ok boolean, status text, attempts int,
        next_at timestamptz, code int, err text, dur int, at timestamptz)
    ), logged as (
      insert into ${a} (delivery_id, at, ok, status_code, error, duration_ms)
      select v.id, v.at, v.ok, v.code, v.err, v.dur from v
    )
    update ${d} set status = v.status, attempts = v.attempts, next_attempt_at = v.next_at,
      last_status_code = v.code, last_error = v.err, last_duration_ms = v.dur, last_attempt_at = v.at
    from v where ${d.id} = v.id`);
}

/** An endpoint's latest outcome: failing since the first failure after a success, cleared by one. */
export async function noteEndpointOutcome(
  db: Db,
  endpointId: number,
  outcome: { ok: boolean; statusCode: number | null; at: Date },
): Promise<WebhookEndpointRow | undefined> {
  const failing: SQL = outcome.ok
    ? sql`null`
    : sql`coalesce(${e.failingSince}, ${outcome.at.toISOString()}::timestamptz)`;
  const [row] = await db
    .update(e)
    .set({
      lastDeliveryAt: outcome.at,
      lastDeliveryOk: outcome.ok,
      lastStatusCode: outcome.statusCode,
      failingSince: failing as unknown as Date,
    })
    .where(eq(e.id, endpointId))
    .returning();
  return row;
}

/** Switches an endpoint off after a day of failures; answers it when this call did (once). */
export async function disableFailing(
  db: Db,
  endpointId: number,
  now: Date,
): Promise<WebhookEndpointRow | undefined> {
  const [row] = await db
    .update(e)
    .set({ isActive: false, disabledAt: now })
    .where(and(eq(e.id, endpointId), eq(e.isActive, true)))
    .returning();
  return row;
}

export async function attemptsOf(db: Db, deliveryId: number) {
  return db.select().from(a).where(eq(a.deliveryId, deliveryId)).orderBy(asc(a.id));
}

/** Pending deliveries and the oldest one's creation (bench, status). */
export async function pendingDeliveries(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(d).where(eq(d.status, 'pending'));
  return row?.n ?? 0;
}

/** The saved language of the site's user with this email, if any (the switch-off email's language). */
export async function languageOf(db: Db, siteId: string, email: string): Promise<string | null> {
  const [user] = await db
    .select({ language: users.language })
    .from(users)
    .where(and(eq(users.siteId, siteId), sql`lower(${users.email}) = ${email.toLowerCase()}`));
  return user?.language ?? null;
}
