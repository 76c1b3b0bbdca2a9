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

export async function insertDeliveries(db: Db, rows: NewDelivery[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(d).values(rows);
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
 */
export async function claimDue(db: Db, now: Date, leaseUntil: Date, limit: number): Promise<Claimed[]> {
  return db.transaction(async (tx) => {
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
      .orderBy(asc(d.nextAttemptAt), asc(d.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (picked.length === 0) return [];
    const deliveries = await tx
      .update(d)
      .set({ nextAttemptAt: leaseUntil })
      .where(
        inArray(
          d.id,
          picked.map((p) => p.id),
        ),
      )
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

/** Records attempts and their deliveries' new state. */
export async function recordAttempts(db: Db, results: AttemptResult[]): Promise<void> {
  if (results.length === 0) return;
  await db.insert(a).values(
    results.map((r) => ({
      deliveryId: r.deliveryId,
      at: r.at,
      ok: r.ok,
      statusCode: r.statusCode,
      error: r.error,
      durationMs: r.durationMs,
    })),
  );
  // One statement for the whole batch: each delivery's new state from a VALUES list.
  const values = sql.join(
    results.map(
      (r) =>
        sql`(${r.deliveryId}::bigint, ${r.status}::text, ${r.attempts}::int, ${r.nextAttemptAt.toISOString()}::timestamptz,
          ${r.statusCode}::int, ${r.error}::text, ${r.durationMs}::int, ${r.at.toISOString()}::timestamptz)`,
    ),
    sql`, `,
  );
  await db.execute(sql`update ${d} set status = v.status, attempts = v.attempts, next_attempt_at = v.next_at,
      last_status_code = v.code, last_error = v.err, last_duration_ms = v.dur, last_attempt_at = v.at
    from (values ${values}) as v(id, status, attempts, next_at, code, err, dur, at)
    where ${d.id} = v.id`);
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
