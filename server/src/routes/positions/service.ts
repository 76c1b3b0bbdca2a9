/**
 * The position rules on the server: trimmed text, lengths, coordinate
 * bounds and rounding, per-site unique code and NFC tag, history kept on delete, and the check
 * every task or assignment makes before it names a position.
 */
import {
  blankToNull,
  type PositionFieldError,
  type PositionValues,
  positionFieldErrors,
  roundCoordinate,
} from '#domain/positions.ts';
import { auditDiff } from '../../lib/audit-record.ts';
import { findPgError } from '../../lib/db-errors.ts';
import { errors, HttpError } from '../../lib/errors.ts';
import * as repo from '../../repositories/positions.ts';
import type { PositionCreateBody, PositionListOptions, PositionUpdateBody } from '../../schemas/position.ts';
import type { RequestContext } from '../../types.ts';
import { moveToTrash } from '../trash/bin.ts';

const { positionRows } = repo;

export const CODE_TAKEN = 'A position with this code already exists';
export const NFC_TAKEN = 'This NFC tag is already used by another position';
const NOT_FOUND = 'Position not found';

export function invalid(details: PositionFieldError[]): HttpError {
  const message =
    details.length === 1 ? `${details[0].field}: ${details[0].message}` : 'Some fields are not valid';
  return new HttpError(400, message, { code: 'VALIDATION_ERROR', details });
}

export function valuesOf(row: repo.PositionRow): PositionValues {
  const { position_code, position_name, description, location_details, nfc_tag_id, coordinates, is_active } =
    repo.toApiPosition(row);
  return { position_code, position_name, description, location_details, nfc_tag_id, coordinates, is_active };
}

/** Merges a body over the current values (none on create): text trimmed, blanks null, 6 decimals. */
function merge(current: PositionValues | undefined, body: PositionUpdateBody): PositionValues {
  const text = (key: 'description' | 'location_details' | 'nfc_tag_id') =>
    body[key] === undefined ? (current?.[key] ?? null) : blankToNull(body[key]);
  const c = body.coordinates;
  return {
    position_code: body.position_code?.trim() ?? current?.position_code ?? '',
    position_name: body.position_name?.trim() ?? current?.position_name ?? '',
    description: text('description'),
    location_details: text('location_details'),
    nfc_tag_id: text('nfc_tag_id'),
    coordinates:
      c === undefined
        ? (current?.coordinates ?? null)
        : c === null
          ? null
          : { latitude: roundCoordinate(c.latitude), longitude: roundCoordinate(c.longitude) },
    is_active: body.is_active ?? current?.is_active ?? true,
  };
}

export function toColumns(v: PositionValues): repo.NewPosition {
  return {
    positionCode: v.position_code,
    positionName: v.position_name,
    description: v.description,
    locationDetails: v.location_details,
    nfcTagId: v.nfc_tag_id,
    latitude: v.coordinates?.latitude ?? null,
    longitude: v.coordinates?.longitude ?? null,
    isActive: v.is_active,
  };
}

/** Validates the merged values and their uniqueness on the site (the unique indexes decide a race). */
async function checked(
  ctx: RequestContext,
  values: PositionValues,
  exceptId?: number,
): Promise<repo.NewPosition> {
  const problems = positionFieldErrors(values);
  if (problems.length > 0) throw invalid(problems);
  if (await repo.codeTaken(ctx.db, ctx.siteId, values.position_code, exceptId))
    throw errors.conflict('position_code', CODE_TAKEN);
  if (values.nfc_tag_id !== null && (await repo.nfcTaken(ctx.db, ctx.siteId, values.nfc_tag_id, exceptId)))
    throw errors.conflict('nfc_tag_id', NFC_TAKEN);
  return toColumns(values);
}

async function loadPosition(ctx: RequestContext, id: number): Promise<repo.PositionRow> {
  // Another site's position is indistinguishable from a missing one.
  const row = await positionRows.find(ctx.db, ctx.siteId, id);
  if (!row) throw errors.notFound(NOT_FOUND, 'POSITION_NOT_FOUND');
  return row;
}

/** The list body as UTF-8 JSON (cached under the database snapshot: repositories/positions.ts). */
export function listPositions(ctx: RequestContext, query: PositionListOptions): Promise<Buffer> {
  return repo.listPositionsJson(ctx.db, ctx.siteId, {
    includeInactive: query.include_inactive === true,
    search: query.search?.trim() || undefined,
    sort: query.sort ?? 'position_code',
    order: query.order ?? 'asc',
    limit: query.limit,
    offset: query.offset ?? 0,
  });
}

export async function createPosition(ctx: RequestContext, body: PositionCreateBody) {
  const columns = await checked(ctx, merge(undefined, body));
  const row = await ctx.db.transaction(async (tx) => {
    const inserted = await positionRows.insert(tx, ctx.siteId, columns);
    await ctx.audit(tx, {
      action: 'position.create',
      entity: 'position',
      id: inserted.id,
      changes: auditDiff(null, inserted),
    });
    return inserted;
  });
  return repo.toApiPosition(row);
}

export async function updatePosition(ctx: RequestContext, id: number, body: PositionUpdateBody) {
  const current = await loadPosition(ctx, id);
  const columns = await checked(ctx, merge(valuesOf(current), body), id);
  const row = await ctx.db.transaction(async (tx) => {
    const updated = await positionRows.update(tx, ctx.siteId, id, columns);
    if (!updated) throw errors.notFound(NOT_FOUND, 'POSITION_NOT_FOUND');
    await ctx.audit(tx, {
      action: 'position.update',
      entity: 'position',
      id,
      changes: auditDiff(current, columns),
    });
    return updated;
  });
  return repo.toApiPosition(row);
}

export type DeleteOutcome =
  | { message: string; outcome: 'deleted'; trash_item_id?: number }
  | { message: string; outcome: 'deactivated'; position: ReturnType<typeof repo.toApiPosition> };

export async function deletePosition(ctx: RequestContext, id: number): Promise<DeleteOutcome> {
  const target = await loadPosition(ctx, id);
  const deactivate = async (): Promise<DeleteOutcome> => {
    const row = await ctx.db.transaction(async (tx) => {
      const updated = await positionRows.update(tx, ctx.siteId, id, { isActive: false });
      const changes = auditDiff(target, { isActive: false });
      await ctx.audit(tx, { action: 'position.deactivate', entity: 'position', id, changes });
      return updated;
    });
    return {
      message:
        'The position has work history, tasks or assignments, so it was deactivated instead of deleted',
      outcome: 'deactivated',
      position: repo.toApiPosition(row ?? target),
    };
  };
  if (await repo.hasHistory(ctx.db, ctx.siteId, id)) return deactivate();
  let trashItemId: number | undefined;
  try {
    await ctx.db.transaction(async (tx) => {
      ({ trashItemId } = await moveToTrash(ctx, tx, 'position', { id }, () =>
        positionRows.remove(tx, ctx.siteId, id),
      ));
      await ctx.audit(tx, {
        action: 'position.delete',
        entity: 'position',
        id,
        changes: auditDiff(target, null),
        details: { trash_item_id: trashItemId },
      });
    });
  } catch (err) {
    // A work entry logged between the check and the delete: keep the history all the same.
    if (findPgError(err)?.code === '23503') return deactivate();
    throw err;
  }
  return { message: 'Position deleted', outcome: 'deleted', trash_item_id: trashItemId };
}

/**
 * For the tasks and assignments areas: refuses (400 on `field`) a position that is not on the
 * caller's site or is inactive, so no new task or assignment can name one. Returns the rows.
 */
export async function assertPositionsUsable(
  ctx: RequestContext,
  positionIds: readonly number[],
  field: string,
): Promise<repo.PositionRow[]> {
  const ids = [...new Set(positionIds)];
  const rows = await repo.findPositions(ctx.db, ctx.siteId, ids);
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const id of ids) {
    const row = byId.get(id);
    if (!row)
      throw errors.badRequest(NOT_FOUND, 'POSITION_NOT_FOUND', [
        { field, message: NOT_FOUND, rule: 'exists', params: { id } },
      ]);
    if (!row.isActive) {
      const message = 'This position is inactive';
      throw errors.badRequest(message, 'POSITION_INACTIVE', [
        { field, message, rule: 'active', params: { id } },
      ]);
    }
  }
  return ids.map((id) => byId.get(id) as repo.PositionRow);
}

/** One position, as `assertPositionsUsable`. */
export async function assertPositionUsable(
  ctx: RequestContext,
  positionId: number,
  field: string,
): Promise<repo.PositionRow> {
  const [row] = await assertPositionsUsable(ctx, [positionId], field);
  return row;
}
