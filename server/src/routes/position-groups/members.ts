/**
 * A position group's membership rules: members only from the caller's site (inactive
 * positions are fine: they stay in their groups), each once, replaced whole.
 */
import { HttpError } from '../../lib/errors.ts';
import { replaceMembers, sitePositionIds } from '../../repositories/position-group-members.ts';
import type { RequestContext } from '../../types.ts';

/** The ids once each, all of them positions of the caller's site (inactive ones are fine). */
async function memberIds(ctx: RequestContext, ids: number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  const known = await sitePositionIds(ctx.db, ctx.siteId, unique);
  const unknown = unique.filter((id) => !known.has(id));
  if (unknown.length > 0) {
    // Another site's position is as unknown here as a missing one.
    const list = unknown.join(', ');
    const message = `Unknown positions: ${list}`;
    throw new HttpError(400, message, {
      code: 'UNKNOWN_POSITIONS',
      details: [{ field: 'position_ids', message, rule: 'exists', params: { ids: list } }],
    });
  }
  return unique;
}

/**
 * Makes the group's membership exactly these positions (inside the save's transaction, which an
 * unknown id undoes).
 */
export async function setMembers(ctx: RequestContext, groupId: number, ids: number[]) {
  await replaceMembers(ctx.db, ctx.siteId, groupId, await memberIds(ctx, ids));
}
