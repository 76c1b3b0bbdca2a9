/**
 * Position-group rules: trimmed names, codes unique per site (the unique index
 * decides, lib/db-errors answers 409 on group_code), and a membership (members.ts) that is saved
 * in one transaction with the group's own fields.
 */
import type { Static } from '@sinclair/typebox';
import { LIMITS } from '#domain/validation.ts';
import { auditDiff } from '../../lib/audit-record.ts';
import { errors } from '../../lib/errors.ts';
import { textOrNull, trimmedName } from '../../lib/text-rules.ts';
import * as repo from '../../repositories/position-groups.ts';
import type { PositionGroupCreate, PositionGroupUpdate } from '../../schemas/position-group.ts';
import type { RequestContext } from '../../types.ts';
import { moveToTrash } from '../trash/bin.ts';
import { setMembers } from './members.ts';

const { positionGroupRows } = repo;
const notFound = () => errors.notFound('Position group not found', 'POSITION_GROUP_NOT_FOUND');

/** What the audit log shows of a group: its own fields and its members' ids. */
const audited = (g: repo.ApiPositionGroupDetail) => ({
  group_name: g.group_name,
  group_code: g.group_code,
  description: g.description,
  position_ids: g.positions.map((p) => p.id).sort((a, b) => a - b),
});

const groupName = (value: string) => trimmedName('group_name', value, LIMITS.groupNameMin);

/** The list body as JSON text (cached under the database snapshot: repositories/position-groups.ts). */
export const listPositionGroups = (ctx: RequestContext) => repo.listGroupsJson(ctx.db, ctx.siteId);

export async function getPositionGroup(ctx: RequestContext, id: number) {
  const group = await repo.findGroupDetail(ctx.db, ctx.siteId, id);
  if (!group) throw notFound();
  return group;
}

export async function createPositionGroup(ctx: RequestContext, input: Static<typeof PositionGroupCreate>) {
  const values = {
    groupName: groupName(input.group_name),
    groupCode: input.group_code,
    description: textOrNull(input.description),
  };
  return ctx.db.transaction(async (tx) => {
    const inTx = { ...ctx, db: tx };
    const row = await positionGroupRows.insert(tx, ctx.siteId, values);
    await setMembers(inTx, row.id, input.position_ids ?? []);
    const group = await getPositionGroup(inTx, row.id);
    const changes = auditDiff(null, audited(group));
    await ctx.audit(tx, { action: 'position_group.create', entity: 'position_group', id: row.id, changes });
    return group;
  });
}

export async function updatePositionGroup(
  ctx: RequestContext,
  id: number,
  input: Static<typeof PositionGroupUpdate>,
) {
  const changes = positionGroupRows.changes(input, { group_name: groupName, description: textOrNull }, [
    'position_ids',
  ]);
  // A membership change alone still marks the group as updated.
  if (input.position_ids !== undefined || Object.keys(changes).length > 0) changes.updatedAt = new Date();

  return ctx.db.transaction(async (tx) => {
    const inTx = { ...ctx, db: tx };
    const before = await getPositionGroup(inTx, id);
    if (changes.updatedAt !== undefined) await positionGroupRows.update(tx, ctx.siteId, id, changes);
    if (input.position_ids !== undefined) await setMembers(inTx, id, input.position_ids);
    const after = await getPositionGroup(inTx, id);
    const diff = auditDiff(audited(before), audited(after));
    await ctx.audit(tx, { action: 'position_group.update', entity: 'position_group', id, changes: diff });
    return after;
  });
}

/** The join rows go with the group (on delete cascade); positions are never deleted. */
export async function deletePositionGroup(ctx: RequestContext, id: number) {
  const trashItemId = await ctx.db.transaction(async (tx) => {
    const before = await repo.findGroupDetail(tx, ctx.siteId, id);
    if (!before) throw notFound();
    const moved = await moveToTrash(ctx, tx, 'position_group', { id }, () =>
      positionGroupRows.remove(tx, ctx.siteId, id),
    );
    if (!moved.removed) throw notFound();
    const changes = auditDiff(audited(before), null);
    const details = { trash_item_id: moved.trashItemId };
    await ctx.audit(tx, { action: 'position_group.delete', entity: 'position_group', id, changes, details });
    return moved.trashItemId;
  });
  return { message: 'Position group deleted', trash_item_id: trashItemId };
}
