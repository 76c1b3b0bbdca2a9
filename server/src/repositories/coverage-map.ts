/**
 * The coverage map's reads: every active position of a site with its coordinates,
 * its last judged verdict and its latest entry's start, in one statement (an index probe per
 * position: coverage_windows_site_position_idx and work_entries_position_idx, read backwards),
 * and the entries started at the scheduled positions since the oldest open window began.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { coverageWindows as c, workEntries as e, positions as p } from '../db/schema/index.ts';
import { intArray } from './assignments.ts';

export interface MapPositionRow {
  id: number;
  code: string;
  name: string;
  lat: number | null;
  lng: number | null;
  lastVerdict: string | null;
  lastVisit: Date | null;
}

const dateOf = (v: unknown) =>
  v === null || v === undefined ? null : v instanceof Date ? v : new Date(String(v));
const numberOf = (v: unknown) => (v === null || v === undefined ? null : Number(v));

export async function mapPositions(db: Db, siteId: string): Promise<MapPositionRow[]> {
  const result = await db.execute(sql`
    select ${p.id} as id, ${p.positionCode} as code, ${p.positionName} as name,
      ${p.latitude} as lat, ${p.longitude} as lng,
      (select w.verdict from ${c} w where w.site_id = ${p.siteId} and w.position_id = ${p.id}
        order by w.window_start desc limit 1) as last_verdict,
      (select x.started_at from ${e} x where x.position_id = ${p.id} and x.site_id = ${p.siteId}
        order by x.created_at desc, x.id desc limit 1) as last_visit
    from ${p} where ${p.siteId} = ${siteId} and ${p.isActive} order by ${p.id}`);
  const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  return rows.map((r) => ({
    id: Number(r.id),
    code: String(r.code),
    name: String(r.name),
    lat: numberOf(r.lat),
    lng: numberOf(r.lng),
    lastVerdict: (r.last_verdict as string | null) ?? null,
    lastVisit: dateOf(r.last_visit),
  }));
}

/** Entries started at the positions in [from, to], lightest form. */
export async function visitsSince(db: Db, siteId: string, positionIds: number[], from: Date, to: Date) {
  if (positionIds.length === 0) return [];
  const result = await db.execute(sql`
    select ${e.positionId} as position_id, ${e.startedAt} as started_at, ${e.taskId} as task_id
    from ${e} where ${e.siteId} = ${siteId} and ${e.positionId} = any(${intArray(positionIds)}::int[])
      and ${e.startedAt} >= ${from.toISOString()} and ${e.startedAt} <= ${to.toISOString()}`);
  const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  return rows.map((r) => ({
    positionId: Number(r.position_id),
    startedAt: dateOf(r.started_at) as Date,
    taskId: numberOf(r.task_id),
  }));
}
