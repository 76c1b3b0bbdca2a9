/**
 * Notification emails' queries (db/schema/notifications.ts): preferences, who manages which
 * positions, the rows the outbox consumer writes, the sender's claims, and the digest's figures.
 */
import { and, asc, eq, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import {
  defaultPreferences,
  type NotificationEventKind,
  type NotificationPreferences,
  PREFERENCE_OF,
} from '#domain/notifications.ts';
import { isRole, ROLE_RANK } from '#domain/permissions.ts';
import type { Db } from '../db/client.ts';
import {
  coverageWindows,
  type NotificationEmailRow,
  notificationEmails as n,
  notificationPreferences as np,
  positionGroupPositions,
  positionGroups,
  positions,
  sites,
  userGroupMembers,
  userGroupPositionAccess,
  userGroups,
  users,
  workEntries,
} from '../db/schema/index.ts';
import { preferIndexOrder } from './claim-order.ts';

export type { NotificationEmailRow };
export type NewNotificationEmail = typeof n.$inferInsert;

const toApi = (row: typeof np.$inferSelect): NotificationPreferences => ({
  failed_entries: row.failedEntries,
  missed_visits: row.missedVisits,
  late_visits: row.lateVisits,
  daily_digest: row.dailyDigest,
  quiet_from: row.quietFrom,
  quiet_to: row.quietTo,
});

/** The user's saved choice, or null when they never saved one (their role's defaults apply). */
export async function readPreferences(db: Db, userId: number): Promise<NotificationPreferences | null> {
  const [row] = await db.select().from(np).where(eq(np.userId, userId));
  return row ? toApi(row) : null;
}

export async function savePreferences(
  db: Db,
  siteId: string,
  userId: number,
  p: NotificationPreferences,
): Promise<void> {
  const values = {
    failedEntries: p.failed_entries,
    missedVisits: p.missed_visits,
    lateVisits: p.late_visits,
    dailyDigest: p.daily_digest,
    quietFrom: p.quiet_from,
    quietTo: p.quiet_to,
  };
  await db
    .insert(np)
    .values({ userId, siteId, ...values })
    .onConflictDoUpdate({ target: np.userId, set: { ...values, updatedAt: new Date() } });
}

export interface Candidate {
  userId: number;
  email: string;
  firstName: string;
  language: string | null;
  role: string;
  preferences: NotificationPreferences;
}

/**
 * The site's active managers, owners and admins with their effective preferences (saved, else
 * their role's defaults): everyone who may receive a notification email.
 */
export async function notifiableUsers(db: Db, siteId: string): Promise<Candidate[]> {
  const rows = await db
    .select({ user: users, pref: np })
    .from(users)
    .leftJoin(np, eq(np.userId, users.id))
    .where(
      and(
        eq(users.siteId, siteId),
        eq(users.isActive, true),
        inArray(users.role, ['manager', 'owner', 'admin']),
      ),
    )
    .orderBy(asc(users.id));
  return rows
    .filter((r) => isRole(r.user.role))
    .map((r) => ({
      userId: r.user.id,
      email: r.user.email,
      firstName: r.user.firstName,
      language: r.user.language,
      role: r.user.role,
      preferences: r.pref ? toApi(r.pref) : defaultPreferences(isRole(r.user.role) ? r.user.role : 'worker'),
    }));
}

/**
 * The positions each of the given managers manages when their user groups narrow it: a manager
 * who belongs to an active user group with access to an active position group manages only the
 * positions of such groups; a manager absent from the answer manages every position of the site.
 */
export async function managedPositions(
  db: Db,
  siteId: string,
  userIds: number[],
): Promise<Map<number, Set<number>>> {
  const out = new Map<number, Set<number>>();
  if (userIds.length === 0) return out;
  const rows = await db
    .select({ userId: userGroupMembers.userId, positionId: positionGroupPositions.positionId })
    .from(userGroupMembers)
    .innerJoin(userGroups, eq(userGroups.id, userGroupMembers.groupId))
    .innerJoin(userGroupPositionAccess, eq(userGroupPositionAccess.userGroupId, userGroupMembers.groupId))
    .innerJoin(positionGroups, eq(positionGroups.id, userGroupPositionAccess.positionGroupId))
    .leftJoin(positionGroupPositions, eq(positionGroupPositions.groupId, positionGroups.id))
    .where(
      and(
        eq(userGroupMembers.siteId, siteId),
        inArray(userGroupMembers.userId, userIds),
        eq(userGroups.isActive, true),
        eq(positionGroups.isActive, true),
      ),
    );
  for (const r of rows) {
    const set = out.get(r.userId) ?? new Set<number>();
    if (r.positionId !== null) set.add(r.positionId);
    out.set(r.userId, set);
  }
  return out;
}

/** Whether a candidate receives an event of this kind at this position. */
export function wants(
  c: Candidate,
  kind: NotificationEventKind,
  positionId: number | null,
  narrowed: Map<number, Set<number>>,
): boolean {
  if (!c.preferences[PREFERENCE_OF[kind]]) return false;
  // Owners and admins see every position; a manager's user groups may narrow theirs.
  if (!isRole(c.role) || ROLE_RANK[c.role] > ROLE_RANK.manager) return true;
  const only = narrowed.get(c.userId);
  return !only || (positionId !== null && only.has(positionId));
}

/** The failed entries' position and names (the outbox event carries only what changed). */
export function entriesByIds(db: Db, siteId: string, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: workEntries.id,
      positionId: workEntries.positionId,
      positionCode: positions.positionCode,
      positionName: workEntries.positionName,
      workerName: workEntries.workerName,
      taskName: workEntries.taskName,
      notes: workEntries.notes,
      startedAt: workEntries.startedAt,
    })
    .from(workEntries)
    .innerJoin(positions, eq(positions.id, workEntries.positionId))
    .where(and(eq(workEntries.siteId, siteId), inArray(workEntries.id, ids)));
}

export function positionsByIds(db: Db, siteId: string, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ id: positions.id, code: positions.positionCode, name: positions.positionName })
    .from(positions)
    .where(and(eq(positions.siteId, siteId), inArray(positions.id, ids)));
}

/** Writes owed emails; one already owed for the same event (or digest day) and recipient is kept. */
export async function insertEmails(db: Db, rows: NewNotificationEmail[]): Promise<number> {
  let inserted = 0;
  // A chunk's rows travel as one JSON parameter (in order, so ids follow the events' order): a
  // burst's 1,000 rows bound value by value cost the event loop more than the insert itself.
  for (let i = 0; i < rows.length; i += 1000) {
    const json = JSON.stringify(
      rows.slice(i, i + 1000).map((r) => ({
        site_id: r.siteId,
        user_id: r.userId ?? null,
        recipient: r.recipient,
        kind: r.kind,
        outbox_event_id: r.outboxEventId ?? null,
        digest_day: r.digestDay ?? null,
        language: r.language,
        payload: r.payload,
        send_after: r.sendAfter ?? null,
      })),
    );
    const result = await db.execute(sql`with added as (
        insert into ${n} (site_id, user_id, recipient, kind, outbox_event_id, digest_day, language, payload, send_after)
        select x.site_id, x.user_id, x.recipient, x.kind, x.outbox_event_id, x.digest_day, x.language, x.payload,
          coalesce(x.send_after, now())
        from json_to_recordset(${json}::json) as x(site_id text, user_id int, recipient text, kind text,
          outbox_event_id bigint, digest_day date, language text, payload jsonb, send_after timestamptz)
        on conflict do nothing
        returning 1
      )
      select count(*)::int as added from added`);
    inserted += Number((result as unknown as { rows: { added: number }[] }).rows[0]?.added ?? 0);
  }
  return inserted;
}

/**
 * Claims due emails for sending: locked rows another sender holds are skipped, and the claimed
 * ones are marked 'sending' (attempts counted) before the transaction commits, so no other sender
 * can take them once this one sends. The due index's order, stopping at `limit` (claim-order.ts);
 * rows due at the same moment in no particular order (an email groups its rows by id).
 */
export async function claimDue(db: Db, limit: number, now = new Date()): Promise<NotificationEmailRow[]> {
  return db.transaction(async (tx) => {
    await preferIndexOrder(tx);
    const due = await tx
      .select({ id: n.id })
      .from(n)
      .where(and(eq(n.status, 'pending'), lte(n.sendAfter, now)))
      .orderBy(asc(n.sendAfter))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(n)
      .set({ status: 'sending', claimedAt: now, attempts: sql`${n.attempts} + 1` })
      .where(
        inArray(
          n.id,
          due.map((d) => d.id),
        ),
      )
      .returning();
  });
}

export async function markSent(db: Db, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(n)
    .set({ status: 'sent', sentAt: sql`now()`, lastError: null })
    .where(and(inArray(n.id, ids), eq(n.status, 'sending')));
}

/** A failed try: again after `retryAt`, or given up ('failed') when that is past `giveUpAt` of the row. */
export async function markRetry(db: Db, ids: number[], error: string, retryAt: Date, giveUpBefore: Date) {
  if (ids.length === 0) return;
  await db
    .update(n)
    .set({
      status: sql`case when ${n.createdAt} < ${giveUpBefore.toISOString()}::timestamptz then 'failed' else 'pending' end`,
      sendAfter: retryAt,
      lastError: error,
    })
    .where(and(inArray(n.id, ids), eq(n.status, 'sending')));
}

export async function markCancelled(db: Db, ids: number[], reason: string): Promise<void> {
  if (ids.length === 0) return;
  await db.update(n).set({ status: 'cancelled', lastError: reason }).where(inArray(n.id, ids));
}

/**
 * Emails a sender claimed and never finished (it stopped mid-send): whether the SMTP server took
 * them is unknown, so they are marked failed rather than sent again. Answers how many.
 */
export async function abandonStale(db: Db, claimedBefore: Date): Promise<number> {
  const gone = await db
    .update(n)
    .set({
      status: 'failed',
      lastError: 'Interrupted while sending; not retried so that it is never sent twice',
    })
    .where(and(eq(n.status, 'sending'), lt(n.claimedAt, claimedBefore)))
    .returning({ id: n.id });
  return gone.length;
}

/** Removes finished rows (sent, failed, cancelled) created before `before`. */
export async function pruneFinished(db: Db, before: Date): Promise<number> {
  const gone = await db
    .delete(n)
    .where(and(inArray(n.status, ['sent', 'failed', 'cancelled']), lt(n.createdAt, before)))
    .returning({ id: n.id });
  return gone.length;
}

/** The recipients who already have the site's digest for `day`. */
export async function digestRecipients(db: Db, siteId: string, day: string): Promise<Set<string>> {
  const rows = await db
    .select({ recipient: n.recipient })
    .from(n)
    .where(and(eq(n.siteId, siteId), eq(n.digestDay, day)));
  return new Set(rows.map((r) => r.recipient.toLowerCase()));
}

/** Users of the site who opted in to the digest (managers and up, active). */
export async function digestSubscribers(db: Db, siteId: string) {
  return (await notifiableUsers(db, siteId)).filter((c) => c.preferences.daily_digest);
}

export async function userByEmail(db: Db, siteId: string, email: string) {
  const [row] = await db
    .select({ id: users.id, language: users.language, email: users.email })
    .from(users)
    .where(and(eq(users.siteId, siteId), sql`lower(${users.email}) = lower(${email})`));
  return row;
}

export interface DigestFigures {
  entries: number;
  completed: number;
  failed: number;
  windows: number;
  on_time: number;
  late: number;
  missed: number;
  excused: number;
  new_users: number;
}

/** The site's figures for the local day [from, to). */
export async function digestFigures(
  db: Db,
  siteId: string,
  day: string,
  from: Date,
  to: Date,
): Promise<DigestFigures> {
  const inDay = (col: typeof workEntries.createdAt | typeof users.createdAt) =>
    and(gte(col, from), lt(col, to));
  const [e] = await db
    .select({
      entries: sql<number>`count(*)::int`,
      completed: sql<number>`count(*) filter (where ${workEntries.status} = 'completed')::int`,
      failed: sql<number>`count(*) filter (where ${workEntries.status} = 'failed')::int`,
    })
    .from(workEntries)
    .where(and(eq(workEntries.siteId, siteId), inDay(workEntries.createdAt)));
  const [w] = await db
    .select({
      windows: sql<number>`count(*)::int`,
      on_time: sql<number>`count(*) filter (where ${coverageWindows.verdict} = 'on_time')::int`,
      late: sql<number>`count(*) filter (where ${coverageWindows.verdict} = 'late')::int`,
      missed: sql<number>`count(*) filter (where ${coverageWindows.verdict} = 'missed')::int`,
      excused: sql<number>`count(*) filter (where ${coverageWindows.verdict} = 'excused')::int`,
    })
    .from(coverageWindows)
    .where(and(eq(coverageWindows.siteId, siteId), eq(coverageWindows.day, day)));
  const [u] = await db
    .select({ new_users: sql<number>`count(*)::int` })
    .from(users)
    .where(and(eq(users.siteId, siteId), inDay(users.createdAt)));
  return {
    entries: e?.entries ?? 0,
    completed: e?.completed ?? 0,
    failed: e?.failed ?? 0,
    windows: w?.windows ?? 0,
    on_time: w?.on_time ?? 0,
    late: w?.late ?? 0,
    missed: w?.missed ?? 0,
    excused: w?.excused ?? 0,
    new_users: u?.new_users ?? 0,
  };
}

/** Rows of the given ids (tests, status). */
export function emailsOf(db: Db, where?: { siteId?: string; status?: string }) {
  return db
    .select()
    .from(n)
    .where(
      and(
        where?.siteId ? eq(n.siteId, where.siteId) : undefined,
        where?.status ? eq(n.status, where.status) : undefined,
      ),
    )
    .orderBy(asc(n.id));
}

/** Every site's id (the digest job visits each). */
export async function siteIds(db: Db): Promise<string[]> {
  return (await db.select({ id: sites.id }).from(sites).orderBy(asc(sites.id))).map((r) => r.id);
}
