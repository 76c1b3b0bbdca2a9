/**
 * The trash's rules: who sees which items (the delete permission of each kind),
 * restoring an item with the same ids and what went with it, refusing with the field when it
 * cannot (its code or NFC tag taken, what it belongs to gone), and deleting forever (admins).
 */

import { permissionsBeyond } from '#domain/custom-roles.ts';
import { canEditRole, canManageUser, hasPermission } from '#domain/permissions.ts';
import { TRASH_DELETE_PERMISSION, TRASH_PAGE_DEFAULT, type TrashType, trashTypesFor } from '#domain/trash.ts';
import { actorRole, invalidateSiteRoles } from '../../infra/effective-permissions.ts';
import { uniqueViolation } from '../../lib/db-errors.ts';
import { type ErrorDetail, errors, HttpError } from '../../lib/errors.ts';
import { taskCodeTaken } from '../../repositories/tasks.ts';
import type { TrashTableRows } from '../../repositories/trash.ts';
import * as repo from '../../repositories/trash.ts';
import * as rows from '../../repositories/trash-rows.ts';
import type { TrashListQueryInput, TrashRestoreInput } from '../../schemas/trash.ts';
import type { RequestContext } from '../../types.ts';
import { assertUserCapacity } from '../site-settings/service.ts';
import { dependencyProblem, restoredCycle } from '../task-dependencies/rules.ts';
import { NEW_VALUE_FIELDS, newValues } from './new-values.ts';

const notFound = () => errors.notFound('No such item in the trash', 'TRASH_ITEM_NOT_FOUND');

/** What a reference names, for the message of a restore whose target is gone. */
const NOUNS: Record<string, string> = {
  positions: 'position',
  tasks: 'task',
  position_groups: 'position group',
  user_groups: 'user group',
  users: 'user',
};

const conflict = (details: ErrorDetail[]) =>
  new HttpError(409, details.length === 1 ? details[0].message : 'The item cannot be restored as it was', {
    code: 'TRASH_RESTORE_CONFLICT',
    details,
  });

export async function listTrash(ctx: RequestContext, query: TrashListQueryInput) {
  const allowed = trashTypesFor(actorRole(ctx.actor));
  const types = query.entity_type ? allowed.filter((t) => t === query.entity_type) : allowed;
  const { items, total } = await repo.listItems(ctx.db, ctx.siteId, {
    types,
    limit: query.limit ?? TRASH_PAGE_DEFAULT,
    offset: query.offset ?? 0,
  });
  return {
    items: items.map((r) => ({
      id: r.id,
      entity_type: r.entityType as TrashType,
      entity_id: r.entityId,
      label: r.label,
      deleted_by_id: r.deletedById,
      deleted_by_name: r.deletedByName,
      deleted_at: r.deletedAt.toISOString(),
      purge_after: r.purgeAfter.toISOString(),
    })),
    total,
  };
}

/** The record's own row back, or a 409 naming the field that stands in the way. */
async function restoreOwn(ctx: RequestContext, type: TrashType, own: TrashTableRows) {
  const tx = ctx.db;
  const missing = await rows.missingReferences(tx, own);
  if (missing.length > 0)
    throw conflict(
      missing.map((m) => ({
        field: m.column,
        message: `Its ${NOUNS[m.table] ?? m.table} no longer exists`,
        rule: 'exists',
      })),
    );
  const [row] = own.rows;
  if (type === 'dependency') {
    const problem = await dependencyProblem(
      tx,
      ctx.siteId,
      {
        positionId: Number(row.position_id),
        taskId: Number(row.task_id),
        dependsOnTaskId: Number(row.depends_on_task_id),
      },
      { reuse: false },
    );
    if (problem) throw conflict([{ field: problem.field, message: problem.message, rule: problem.code }]);
  }
  // A catalogue task's code is unique case-insensitively, as create and update check it (the
  // unique index alone is exact).
  if (type === 'task' && (await taskCodeTaken(tx, ctx.siteId, String(row.task_code)))) {
    const message = 'A task with this code already exists; send a new task_code to restore it under that';
    throw conflict([{ field: 'task_code', message, rule: 'unique' }]);
  }
  try {
    await rows.insertRows(tx, own, { skipClashes: false });
  } catch (err) {
    const known = uniqueViolation(err);
    if (!known) throw err;
    const { field } = known;
    const canRename = (NEW_VALUE_FIELDS[type] ?? []).includes(field as keyof TrashRestoreInput);
    const message = `${known.message}${canRename ? `; send a new ${field} to restore it under that` : ''}`;
    throw conflict([{ field, message, rule: 'unique' }]);
  }
}

/** A role comes back only to someone who may edit it: above its level, holding its permissions. */
function roleRules(ctx: RequestContext, row: Record<string, unknown>) {
  const role = actorRole(ctx.actor);
  const permissions = Array.isArray(row.permissions) ? (row.permissions as string[]) : [];
  if (!canEditRole(role, { level: Number(row.level), permissions }))
    throw errors.forbidden('You can only restore roles below your own level', 'RANK_TOO_LOW');
  if (permissionsBeyond(role, permissions).length > 0)
    throw errors.forbidden(
      'You can only restore a role whose permissions you hold',
      'PERMISSION_NOT_ALLOWED',
    );
}

/** A user comes back only to someone who may manage their role, and within the site's user limit. */
async function userRules(ctx: RequestContext, row: Record<string, unknown>) {
  if (!canManageUser(actorRole(ctx.actor), String(row.role)))
    throw errors.forbidden('You can only restore users of a lower role than yours', 'ROLE_RANK_TOO_LOW');
  if (row.is_active === true) await assertUserCapacity(ctx.db, ctx.siteId);
}

export async function restoreTrashItem(ctx: RequestContext, id: number, body: TrashRestoreInput = {}) {
  const result = await ctx.db.transaction(async (tx) => {
    const inTx = { ...ctx, db: tx };
    const item = await repo.lockItem(tx, ctx.siteId, id);
    if (!item) throw notFound();
    const type = item.entityType as TrashType;
    if (!hasPermission(actorRole(ctx.actor), TRASH_DELETE_PERMISSION[type])) throw errors.forbidden();
    const [ownPart, ...rest] = item.rows;
    const ownRow = ownPart.rows[0];
    const values = newValues(type, ownRow, body ?? {});
    if (type === 'user') await userRules(inTx, ownRow);
    if (type === 'role') roleRules(inTx, ownRow);
    const own = { table: ownPart.table, rows: [{ ...ownRow, ...values }] };
    await restoreOwn(inTx, type, own);
    const restored: Record<string, number> = { [own.table]: 1 };
    let skipped = 0;
    // An assignment's dependencies at its position come back with it: none may close a cycle with
    // dependencies made while it was away.
    const dependencies = rest.find((part) => part.table === 'task_dependencies');
    if (type === 'assignment' && dependencies && dependencies.rows.length > 0) {
      const edges = dependencies.rows.map((d) => ({
        taskId: Number(d.task_id),
        dependsOnTaskId: Number(d.depends_on_task_id),
      }));
      const problem = await restoredCycle(tx, ctx.siteId, Number(ownRow.position_id), edges);
      if (problem) throw conflict([{ field: problem.field, message: problem.message, rule: problem.code }]);
    }
    for (const part of rest) {
      const n = await rows.insertRows(tx, part, { skipClashes: true });
      restored[part.table] = (restored[part.table] ?? 0) + n;
      skipped += part.rows.length - n;
    }
    for (const link of item.links) {
      const n = await rows.relink(tx, ctx.siteId, link, link.to ?? Number(ownRow.id));
      restored[link.table] = (restored[link.table] ?? 0) + n;
      skipped += link.keys.length - n;
    }
    await repo.removeItem(tx, ctx.siteId, id);
    const changes = Object.fromEntries(
      Object.entries(values).map(([field, value]) => [field, { old: ownRow[field], new: value }]),
    );
    await ctx.audit(tx, {
      action: `${type}.restore`,
      entity: type,
      id: item.entityId,
      changes,
      details: { trash_item_id: id, restored, skipped },
    });
    return {
      message: skipped > 0 ? `Restored; ${skipped} related record(s) could not come back` : 'Restored',
      entity_type: type,
      entity_id: item.entityId,
      restored,
      skipped,
    };
  });
  // A user back with a custom role: every process reloads who holds which (as a role change does).
  if (result.entity_type === 'user' || result.entity_type === 'role') invalidateSiteRoles(ctx.db, ctx.siteId);
  return result;
}

export async function deleteTrashItem(ctx: RequestContext, id: number) {
  await ctx.db.transaction(async (tx) => {
    const item = await repo.lockItem(tx, ctx.siteId, id);
    if (!item || !(await repo.removeItem(tx, ctx.siteId, id))) throw notFound();
    await ctx.audit(tx, {
      action: `${item.entityType}.purge`,
      entity: item.entityType,
      id: item.entityId,
      details: { trash_item_id: id, label: item.label },
    });
  });
  return { message: 'Deleted forever' };
}
