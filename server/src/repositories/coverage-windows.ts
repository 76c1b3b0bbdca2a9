/**
 * Coverage windows: the close job's inserts (idempotent per schedule, position and
 * start: two processes judging the same window leave one row) and the report's reads. Site-scoped.
 */
import { and, asc, desc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { Verdict } from '#domain/coverage.ts';
import type { Db } from '../db/client.ts';
import {
  coverageWindows as c,
  positionGroupPositions,
  positions,
  users,
  workEntries,
} from '../db/schema/index.ts';
import { appendOutbox } from './outbox.ts';
import { siteCondition } from './site-scoped.ts';

export type NewWindow = typeof c.$inferInsert;
export type WindowRow = typeof c.$inferSelect;

const siteWhere = siteCondition(c);

/**
 * `${scheduleId}:${positionId}:${startMs}` of the site's windows that started at or after `since`:
 * what a close run need not judge again, read in one statement for every schedule.
 */
export async function judgedKeys(db: Db, siteId: string, since: Date): Promise<Set<string>> {
  const rows = await db
    .select({ scheduleId: c.scheduleId, positionId: c.positionId, start: c.windowStart })
    .from(c)
    .where(siteWhere(siteId, gte(c.windowStart, since)));
  return new Set(rows.map((r) => `${r.scheduleId}:${r.positionId}:${r.start.getTime()}`));
}

/** Entries started at the positions in [from, to]: the candidates for visits. */
export async function entriesAt(db: Db, siteId: string, positionIds: number[], from: Date, to: Date) {
  if (positionIds.length === 0) return [];
  return db
    .select({
      id: workEntries.id,
      positionId: workEntries.positionId,
      startedAt: workEntries.startedAt,
      taskId: workEntries.taskId,
      userId: workEntries.userId,
    })
    .from(workEntries)
    .where(
      and(
        eq(workEntries.siteId, siteId),
        inArray(workEntries.positionId, positionIds),
        gte(workEntries.startedAt, from),
        lte(workEntries.startedAt, to),
      ),
    )
    .orderBy(asc(workEntries.startedAt), asc(workEntries.id));
}

/** Inserts judged windows; one already there (another process judged it) is left as it is. */
/**
 * Stores judged windows, each once (a window another process stored first is skipped), and in the
 * same transaction an outbox event for each missed or late one this call stored, so
 * a verdict is told outside exactly once. Answers how many this call stored.
 */
export async function insertWindows(db: Db, rows: NewWindow[]): Promise<number> {
  let inserted = 0;
  for (let i = 0; i < rows.length; i += 500) {
    inserted += await db.transaction(async (tx) => {
      const done = await tx
        .insert(c)
        .values(rows.slice(i, i + 500))
        .onConflictDoNothing({ target: [c.scheduleId, c.positionId, c.windowStart] })
        .returning({
          id: c.id,
          siteId: c.siteId,
          verdict: c.verdict,
          positionId: c.positionId,
          scheduleId: c.scheduleId,
          scheduleName: c.scheduleName,
          windowStart: c.windowStart,
          windowEnd: c.windowEnd,
          dueAt: c.dueAt,
          visitedBy: c.visitedBy,
        });
      const told = done.filter((w) => w.verdict === 'missed' || w.verdict === 'late');
      for (const siteId of new Set(told.map((w) => w.siteId))) {
        await appendOutbox(
          tx,
          siteId,
          null,
          told
            .filter((w) => w.siteId === siteId)
            .map((w) => ({
              kind: w.verdict === 'missed' ? ('visit.missed' as const) : ('visit.late' as const),
              entityType: 'coverage_window',
              entityId: String(w.id),
              data: {
                id: w.id,
                position_id: w.positionId,
                schedule_id: w.scheduleId,
                schedule_name: w.scheduleName,
                window_start: w.windowStart.toISOString(),
                window_end: w.windowEnd.toISOString(),
                due_at: w.dueAt.toISOString(),
                visited_by: w.visitedBy,
              },
            })),
        );
      }
      return done.length;
    });
  }
  return inserted;
}

export interface CoverageFilter {
  from: string;
  to: string;
  positionGroupId?: number;
  positionId?: number;
  userId?: number;
  verdict?: Verdict;
}

function filterWhere(siteId: string, f: CoverageFilter): SQL {
  return siteWhere(
    siteId,
    gte(c.day, f.from),
    lte(c.day, f.to),
    f.positionId === undefined ? undefined : eq(c.positionId, f.positionId),
    f.positionGroupId === undefined
      ? undefined
      : sql`${c.positionId} in (select ${positionGroupPositions.positionId} from ${positionGroupPositions} where ${positionGroupPositions.groupId} = ${f.positionGroupId} and ${positionGroupPositions.siteId} = ${siteId})`,
    f.userId === undefined ? undefined : eq(c.visitedBy, f.userId),
    f.verdict === undefined ? undefined : eq(c.verdict, f.verdict),
  );
}

const counts = {
  windows: sql<number>`count(*)::int`,
  onTime: sql<number>`(count(*) filter (where ${c.verdict} = 'on_time'))::int`,
  late: sql<number>`(count(*) filter (where ${c.verdict} = 'late'))::int`,
  missed: sql<number>`(count(*) filter (where ${c.verdict} = 'missed'))::int`,
  excused: sql<number>`(count(*) filter (where ${c.verdict} = 'excused'))::int`,
};
export type CountRow = { windows: number; onTime: number; late: number; missed: number; excused: number };

export async function reportRows(db: Db, siteId: string, f: CoverageFilter) {
  const where = filterWhere(siteId, f);
  const days = await db
    .select({ day: c.day, ...counts })
    .from(c)
    .where(where)
    .groupBy(c.day)
    .orderBy(asc(c.day));
  const byPosition = await db
    .select({
      positionId: c.positionId,
      positionCode: positions.positionCode,
      positionName: positions.positionName,
      ...counts,
    })
    .from(c)
    .innerJoin(positions, eq(positions.id, c.positionId))
    .where(where)
    .groupBy(c.positionId, positions.positionCode, positions.positionName)
    .orderBy(
      desc(counts.missed),
      desc(counts.late),
      sql`(count(*) filter (where ${c.verdict} in ('on_time', 'excused')))::float / count(*)`,
      asc(positions.positionCode),
    );
  const workerName = sql<string>`${users.firstName} || ' ' || ${users.lastName}`;
  const byWorker = await db
    .select({ userId: users.id, workerName, ...counts })
    .from(c)
    .innerJoin(users, eq(users.id, c.visitedBy))
    .where(where)
    .groupBy(users.id, users.firstName, users.lastName)
    .orderBy(asc(workerName), asc(users.id));
  // The totals are the days' sums: one pass over the period fewer.
  const totals: CountRow = { windows: 0, onTime: 0, late: 0, missed: 0, excused: 0 };
  for (const d of days) for (const k of Object.keys(totals) as (keyof CountRow)[]) totals[k] += d[k];
  return { totals, days, byPosition, byWorker };
}

const windowColumns = {
  row: c,
  positionCode: positions.positionCode,
  positionName: positions.positionName,
  excusedByName: sql<
    string | null
  >`(select ${users.firstName} || ' ' || ${users.lastName} from ${users} where ${users.id} = ${c.excusedBy})`,
  workerReasonByName: sql<
    string | null
  >`(select ${users.firstName} || ' ' || ${users.lastName} from ${users} where ${users.id} = ${c.workerReasonBy})`,
};

export async function listWindows(db: Db, siteId: string, f: CoverageFilter, page: number, pageSize: number) {
  const where = filterWhere(siteId, f);
  const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(c).where(where);
  const rows = await db
    .select(windowColumns)
    .from(c)
    .innerJoin(positions, eq(positions.id, c.positionId))
    .where(where)
    .orderBy(desc(c.windowStart), asc(positions.positionCode), desc(c.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { total, rows };
}

/** Every window of the filter, oldest first (the CSV). */
export function allWindows(db: Db, siteId: string, f: CoverageFilter, limit: number) {
  return db
    .select(windowColumns)
    .from(c)
    .innerJoin(positions, eq(positions.id, c.positionId))
    .where(filterWhere(siteId, f))
    .orderBy(asc(c.windowStart), asc(positions.positionCode), asc(c.id))
    .limit(limit);
}

export async function findWindow(db: Db, siteId: string, id: number) {
  const [row] = await db
    .select(windowColumns)
    .from(c)
    .innerJoin(positions, eq(positions.id, c.positionId))
    .where(siteWhere(siteId, eq(c.id, id)));
  return row;
}

/** The visiting entries of windows, by id (an entry since archived is left out). */
export async function entriesById(db: Db, siteId: string, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: workEntries.id,
      userId: workEntries.userId,
      workerName: workEntries.workerName,
      taskName: workEntries.taskName,
      startedAt: workEntries.startedAt,
    })
    .from(workEntries)
    .where(and(eq(workEntries.siteId, siteId), inArray(workEntries.id, ids)));
}

/** Excuses a missed or late window; false when it is neither (or not the site's). */
export async function excuseWindow(
  db: Db,
  siteId: string,
  id: number,
  excuse: { reason: string; by: number },
): Promise<boolean> {
  const rows = await db
    .update(c)
    .set({ verdict: 'excused', excuseReason: excuse.reason, excusedBy: excuse.by, excusedAt: new Date() })
    .where(siteWhere(siteId, eq(c.id, id), inArray(c.verdict, ['missed', 'late'])))
    .returning({ id: c.id });
  return rows.length > 0;
}

/**
 * A worker's windows of some days (the field app): those at the given positions (the worker's
 * area) and those the worker visited, by start.
 */
export async function windowsOfWorker(
  db: Db,
  siteId: string,
  userId: number,
  positionIds: number[],
  days: { from: string; to: string },
  limit: number,
) {
  const mine =
    positionIds.length === 0
      ? eq(c.visitedBy, userId)
      : sql`(${inArray(c.positionId, positionIds)} or ${eq(c.visitedBy, userId)})`;
  return db
    .select(windowColumns)
    .from(c)
    .innerJoin(positions, eq(positions.id, c.positionId))
    .where(siteWhere(siteId, gte(c.day, days.from), lte(c.day, days.to), mine))
    .orderBy(asc(c.windowStart), asc(positions.positionCode), asc(c.id))
    .limit(limit);
}

/** Stores the worker's own reason for a missed or late window (kept apart from a manager's excuse). */
export async function setWorkerReason(
  db: Db,
  siteId: string,
  id: number,
  reason: { text: string; by: number },
): Promise<boolean> {
  const rows = await db
    .update(c)
    .set({ workerReason: reason.text, workerReasonBy: reason.by, workerReasonAt: new Date() })
    .where(siteWhere(siteId, eq(c.id, id), inArray(c.judgedVerdict, ['missed', 'late'])))
    .returning({ id: c.id });
  return rows.length > 0;
}
