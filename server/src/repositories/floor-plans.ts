/** Floor plans and their placements, always for one site. */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { floorPlans as f, floorPlanPlacements as fp, positions } from '../db/schema/index.ts';
import { siteScoped } from './site-scoped.ts';

export type FloorPlanRow = typeof f.$inferSelect;
export const planRows = siteScoped(f);

export interface ApiPlacement {
  position_id: number;
  x: number;
  y: number;
}

export function toApiPlan(row: FloorPlanRow, placements: ApiPlacement[]) {
  return {
    id: row.id,
    plan_name: row.planName,
    building: row.building,
    floor: row.floor,
    has_image: row.imageKey !== null,
    image_type: row.imageType,
    image_bytes: row.imageBytes,
    placements,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
export type ApiFloorPlan = ReturnType<typeof toApiPlan>;

async function placementsOf(db: Db, siteId: string, planIds: number[]) {
  const out = new Map<number, ApiPlacement[]>();
  if (planIds.length === 0) return out;
  const rows = await db
    .select({ planId: fp.planId, positionId: fp.positionId, x: fp.x, y: fp.y })
    .from(fp)
    .where(and(eq(fp.siteId, siteId), inArray(fp.planId, planIds)))
    .orderBy(asc(fp.planId), asc(fp.positionId));
  for (const r of rows) {
    const list = out.get(r.planId) ?? [];
    list.push({ position_id: r.positionId, x: r.x, y: r.y });
    out.set(r.planId, list);
  }
  return out;
}

export async function listPlans(db: Db, siteId: string): Promise<ApiFloorPlan[]> {
  const rows = await db
    .select()
    .from(f)
    .where(eq(f.siteId, siteId))
    .orderBy(asc(f.building), asc(f.floor), asc(f.planName), asc(f.id));
  const placements = await placementsOf(
    db,
    siteId,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toApiPlan(r, placements.get(r.id) ?? []));
}

export async function findPlanRow(db: Db, siteId: string, id: number, lock = false) {
  const q = db
    .select()
    .from(f)
    .where(and(eq(f.siteId, siteId), eq(f.id, id)));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function findPlan(db: Db, siteId: string, id: number): Promise<ApiFloorPlan | undefined> {
  const row = await findPlanRow(db, siteId, id);
  if (!row) return undefined;
  return toApiPlan(row, (await placementsOf(db, siteId, [id])).get(id) ?? []);
}

/** The ids among `ids` that are positions of the site. */
export async function sitePositionIds(db: Db, siteId: string, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: positions.id })
    .from(positions)
    .where(and(eq(positions.siteId, siteId), inArray(positions.id, ids)));
  return new Set(rows.map((r) => r.id));
}

export async function replacePlacements(db: Db, siteId: string, planId: number, list: ApiPlacement[]) {
  await db.delete(fp).where(and(eq(fp.siteId, siteId), eq(fp.planId, planId)));
  for (let i = 0; i < list.length; i += 500) {
    await db
      .insert(fp)
      .values(
        list.slice(i, i + 500).map((p) => ({ siteId, planId, positionId: p.position_id, x: p.x, y: p.y })),
      );
  }
}
