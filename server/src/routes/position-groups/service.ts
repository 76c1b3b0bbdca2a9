/**
 * Position-group rules (spec §2, §5): trimmed names, codes unique per site (the unique index
 * decides, lib/db-errors answers 409 on group_code), and a membership (members.ts) that is saved
 * in one transaction with the group's own fields.
 */
import type { Static } from '@sinclair/typebox';
import { LIMITS } from '#domain/validation.ts';
import { errors } from '../../lib/errors.ts';
import { textOrNull, trimmedName } from '../../lib/text-rules.ts';
import * as repo from '../../repositories/position-groups.ts';
import type { PositionGroupCreate, PositionGroupUpdate } from '../../schemas/position-group.ts';
import type { RequestContext } from '../../types.ts';
import { setMembers } from './members.ts';

const { positionGroupRows } = repo;
const notFound = () => errors.notFound('Position group not found', 'POSITION_GROUP_NOT_FOUND');

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
    return getPositionGroup(inTx, row.id);
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
    const found =
      changes.updatedAt === undefined
        ? await positionGroupRows.find(tx, ctx.siteId, id)
        : await positionGroupRows.update(tx, ctx.siteId, id, changes);
    if (!found) throw notFound();
    if (input.position_ids !== undefined) await setMembers(inTx, id, input.position_ids);
    return getPositionGroup(inTx, id);
  });
}

/** The join rows go with the group (on delete cascade); positions are never deleted. */
export async function deletePositionGroup(ctx: RequestContext, id: number) {
  if (!(await positionGroupRows.remove(ctx.db, ctx.siteId, id))) throw notFound();
  return { message: 'Position group deleted' };
}
