/**
 * The field app's reads: a position (by the tag a phone read, or by id) with its tasks for the
 * caller, the caller's open and today's work, and the pack of positions a phone keeps offline.
 * A task's state comes from the assignments, the blocking rule of task-dependencies/blocked.ts
 * and the entries at the position (open ones; completed ones since the site's day began).
 */
import { dependencyOrder } from '#domain/dependencies.ts';
import { HttpError } from '../../lib/errors.ts';
import * as deps from '../../repositories/dependencies.ts';
import * as repo from '../../repositories/field.ts';
import { getSiteSettings } from '../../repositories/site-settings.ts';
import type { ApiFieldEntry, ApiFieldPosition, ApiFieldTask } from '../../schemas/field.ts';
import type { RequestContext } from '../../types.ts';
import { blockedAtPositions, type PositionEdge } from '../task-dependencies/blocked.ts';

/** Positions in one offline pack: a crew's working area, a bounded answer. */
export const OFFLINE_PACK_MAX = 200;
/** Entries on My work: a worker's open ones and today's are far fewer. */
export const MY_WORK_MAX = 100;

type PositionRow = repo.FieldPositionRow;
type EntryRow = repo.EntryAtRow;
type AssignedRow = Awaited<ReturnType<typeof repo.assignedTasks>>[number];

export async function fieldPositionByTag(ctx: RequestContext, tag: string) {
  const [row] = await repo.positionBy(ctx.db, ctx.siteId, { tag });
  if (!row) throw new HttpError(404, 'No position on this site has this tag', { code: 'TAG_UNKNOWN' });
  return usable(ctx, row);
}

export async function fieldPositionById(ctx: RequestContext, id: number) {
  const [row] = await repo.positionBy(ctx.db, ctx.siteId, { id });
  if (!row) throw new HttpError(404, 'No such position on this site', { code: 'POSITION_NOT_FOUND' });
  return usable(ctx, row);
}

async function usable(ctx: RequestContext, row: PositionRow) {
  if (!row.isActive) {
    throw new HttpError(409, `${row.positionName} is inactive: no work can be logged there`, {
      code: 'POSITION_INACTIVE',
      details: [
        { field: 'position', message: 'This position is inactive', rule: 'active', params: { id: row.id } },
      ],
    });
  }
  const [body] = await fieldPositions(ctx, [row]);
  return body;
}

export async function offlinePack(ctx: RequestContext) {
  const rows = await repo.positionsOpenTo(ctx.db, ctx.siteId, ctx.actor.userId, OFFLINE_PACK_MAX + 1);
  return {
    positions: await fieldPositions(ctx, rows.slice(0, OFFLINE_PACK_MAX)),
    truncated: rows.length > OFFLINE_PACK_MAX,
    server_time: new Date().toISOString(),
  };
}

export async function myWork(ctx: RequestContext): Promise<{ entries: ApiFieldEntry[] }> {
  const { timezone } = await getSiteSettings(ctx.db, ctx.siteId);
  const rows = await repo.myWork(
    ctx.db,
    ctx.siteId,
    ctx.actor.userId,
    repo.dayStartIn(timezone),
    MY_WORK_MAX,
  );
  return {
    entries: rows.map((r) => ({
      id: r.id,
      status: r.status as ApiFieldEntry['status'],
      task_id: r.taskId,
      task_name: r.taskName,
      position_id: r.positionId,
      position_name: r.positionName,
      nfc_tag_id: r.nfcTagId,
      notes: r.notes,
      created_at: r.createdAt.toISOString(),
      updated_at: r.updatedAt.toISOString(),
      completed_at: r.completedAt?.toISOString() ?? null,
      photo_count: r.photoCount,
    })),
  };
}

/** The bodies of several positions, in a fixed number of queries however many there are. */
async function fieldPositions(ctx: RequestContext, rows: PositionRow[]): Promise<ApiFieldPosition[]> {
  if (rows.length === 0) return [];
  const { db, siteId } = ctx;
  const ids = rows.map((r) => r.id);
  const { timezone, dateFormat } = await getSiteSettings(db, siteId);
  const assigned = await repo.assignedTasks(db, siteId, ids);
  const edges = await deps.edgesAtPositions(db, siteId, ids);
  const taskIds = [...new Set(assigned.map((a) => a.taskId))];
  const entries = [
    ...(await repo.openEntriesAt(db, siteId, ids)),
    ...(taskIds.length === 0
      ? []
      : await repo.completedSinceAt(db, siteId, ids, taskIds, repo.dayStartIn(timezone))),
  ].sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime() || b.id - a.id);
  const blocked = await blockedAtPositions(db, siteId, edges);
  const names = new Map(assigned.map((a) => [a.taskId, a.taskName]));
  const unnamed = [...new Set(edges.map((e) => e.dependsOnTaskId))].filter((id) => !names.has(id));
  for (const l of await deps.taskLabels(db, siteId, unnamed)) names.set(l.id, l.taskName);
  const serverTime = new Date().toISOString();
  return rows.map((row) => ({
    position: {
      id: row.id,
      position_code: row.positionCode,
      position_name: row.positionName,
      location_details: row.locationDetails,
      nfc_tag_id: row.nfcTagId,
      coordinates:
        row.latitude !== null && row.longitude !== null
          ? { latitude: row.latitude, longitude: row.longitude }
          : null,
    },
    tasks: tasksAt(ctx, {
      assigned: assigned.filter((a) => a.positionId === row.id),
      edges: edges.filter((e) => e.positionId === row.id),
      entries: entries.filter((e) => e.positionId === row.id),
      blocked: blocked.get(row.id) ?? new Map(),
      names,
    }),
    server_time: serverTime,
    display: { timezone, date_format: dateFormat },
  }));
}

interface PositionFacts {
  assigned: AssignedRow[];
  edges: PositionEdge[];
  /** Newest change first. */
  entries: EntryRow[];
  blocked: Map<number, PositionEdge[]>;
  names: Map<number, string>;
}

function tasksAt(ctx: RequestContext, f: PositionFacts): ApiFieldTask[] {
  const byId = new Map(f.assigned.map((a) => [a.taskId, a]));
  const first = (x: number, y: number) => {
    const a = byId.get(x) as AssignedRow;
    const b = byId.get(y) as AssignedRow;
    return Number(b.isPrimary) - Number(a.isPrimary) || a.taskName.localeCompare(b.taskName) || x - y;
  };
  const order = dependencyOrder([...byId.keys()], f.edges, first);
  return order.map((taskId, index) => {
    const a = byId.get(taskId) as AssignedRow;
    const blockers = f.blocked.get(taskId) ?? [];
    const { state, entry } = stateOf(
      ctx,
      f.entries.filter((e) => e.taskId === taskId),
      blockers.length > 0,
    );
    return {
      task_id: taskId,
      task_code: a.taskCode,
      task_name: a.taskName,
      description: a.description,
      is_primary: a.isPrimary,
      order: index,
      state,
      blocked_by: blockers.map((b) => ({
        task_id: b.dependsOnTaskId,
        task_name: f.names.get(b.dependsOnTaskId) ?? '',
      })),
      entry: entry && {
        id: entry.id,
        status: entry.status as NonNullable<ApiFieldTask['entry']>['status'],
        user_id: entry.userId,
        first_name: entry.firstName,
        last_name: entry.lastName,
        mine: entry.userId === ctx.actor.userId,
        created_at: entry.createdAt.toISOString(),
        updated_at: entry.updatedAt.toISOString(),
      },
    };
  });
}

/**
 * An open entry decides (the caller's own before anyone else's), then one completed today; a
 * task with neither is blocked or available.
 */
function stateOf(ctx: RequestContext, entries: EntryRow[], isBlocked: boolean) {
  const open = entries.filter((e) => e.status === 'in_progress' || e.status === 'paused');
  const current = open.find((e) => e.userId === ctx.actor.userId) ?? open[0];
  if (current) return { state: current.status as 'in_progress' | 'paused', entry: current };
  const done = entries.find((e) => e.status === 'completed');
  if (done) return { state: 'done_today' as const, entry: done };
  return { state: isBlocked ? ('blocked' as const) : ('available' as const), entry: null };
}
