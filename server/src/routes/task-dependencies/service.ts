/**
 * Task dependency routes' rules: validate answers {valid, error} without writing; create checks the
 * same rules again with the position locked, inside the transaction that inserts, so two creates
 * that would together close a cycle cannot both pass.
 */
import { DEFAULT_DEPENDENCY_TYPE } from '#domain/tasks.ts';
import { auditDiff } from '../../lib/audit-record.ts';
import { errors, HttpError } from '../../lib/errors.ts';
import * as repo from '../../repositories/dependencies.ts';
import type { DependencyCreateInput, DependencyValidateInput } from '../../schemas/dependency.ts';
import type { RequestContext } from '../../types.ts';
import { moveToTrash } from '../trash/bin.ts';
import { blockedTasks } from './blocked.ts';
import { type DependencyProblem, dependencyProblem, POSITION_NOT_FOUND } from './rules.ts';

function toHttpError(p: DependencyProblem): HttpError {
  return new HttpError(p.status, p.message, {
    code: p.code,
    details: [{ field: p.field, message: p.message, rule: p.code.toLowerCase() }],
  });
}

const candidateOf = (input: DependencyValidateInput) => ({
  positionId: input.position_id,
  taskId: input.task_id,
  dependsOnTaskId: input.depends_on_task_id,
});

export async function listDependencies(ctx: RequestContext, q: { position_id?: number; task_id?: number }) {
  return {
    dependencies: await repo.listDependencies(ctx.db, ctx.siteId, {
      positionId: q.position_id,
      taskId: q.task_id,
    }),
  };
}

export async function validateDependency(ctx: RequestContext, input: DependencyValidateInput) {
  // Read-only: no transaction, one statement (plus the cycle's labels when there is one).
  const found = await dependencyProblem(ctx.db, ctx.siteId, candidateOf(input), { reuse: true });
  return {
    valid: found === null,
    error: found?.message ?? null,
    field: found?.field ?? null,
    code: found?.code ?? null,
    cycle: found?.cycle ?? null,
  };
}

export async function createDependency(ctx: RequestContext, input: DependencyCreateInput) {
  const id = await ctx.db.transaction(async (tx) => {
    if (!(await repo.lockPosition(tx, ctx.siteId, input.position_id))) throw toHttpError(POSITION_NOT_FOUND);
    const found = await dependencyProblem(tx, ctx.siteId, candidateOf(input), { reuse: false });
    if (found) throw toHttpError(found);
    const values = {
      ...candidateOf(input),
      dependencyType: input.dependency_type ?? DEFAULT_DEPENDENCY_TYPE,
    };
    const made = await repo.insertDependency(tx, ctx.siteId, values);
    await ctx.audit(tx, {
      action: 'dependency.create',
      entity: 'dependency',
      id: made,
      changes: auditDiff(null, values),
    });
    return made;
  });
  const dependency = await repo.findDependency(ctx.db, ctx.siteId, id);
  if (!dependency) throw notFound();
  return dependency;
}

const notFound = () => errors.notFound('Task dependency not found', 'DEPENDENCY_NOT_FOUND');

export async function deleteDependency(ctx: RequestContext, id: number) {
  const trashItemId = await ctx.db.transaction(async (tx) => {
    const before = await repo.findDependency(tx, ctx.siteId, id);
    if (!before) throw notFound();
    const moved = await moveToTrash(ctx, tx, 'dependency', { id }, () =>
      repo.removeDependency(tx, ctx.siteId, id),
    );
    if (!moved.removed) throw notFound();
    await ctx.audit(tx, {
      action: 'dependency.delete',
      entity: 'dependency',
      id,
      changes: auditDiff(before, null),
      details: { trash_item_id: moved.trashItemId },
    });
    return moved.trashItemId;
  });
  return { message: 'Dependency removed', trash_item_id: trashItemId };
}

export async function blockedAt(ctx: RequestContext, positionId: number) {
  if (!(await repo.positionExists(ctx.db, ctx.siteId, positionId)))
    throw errors.notFound('Position not found', 'POSITION_NOT_FOUND');
  return { position_id: positionId, blocked: await blockedTasks(ctx.db, ctx.siteId, positionId) };
}
