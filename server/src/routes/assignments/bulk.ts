/**
 * Bulk assignment: both body shapes become one list of (position, task) pairs. A pair
 * whose position or task is unknown or inactive is refused (named by index and body path); a pair
 * already assigned, or listed earlier in the call, is skipped; the rest are written in one
 * transaction, in multi-row inserts that skip existing pairs.
 *
 * A dry run is the same transaction rolled back: the preview is what the real call did before it
 * was undone, so the two cannot disagree (short of another writer in between).
 */
import { TASK_LIMITS } from '#domain/tasks.ts';
import type { Db } from '../../db/client.ts';
import { errors } from '../../lib/errors.ts';
import * as repo from '../../repositories/assignments.ts';
import type { BulkAssignInput, BulkAssignOutcome } from '../../schemas/assignment.ts';
import type { RequestContext } from '../../types.ts';

export interface Candidate {
  /** The body entry (or wizard rule) the pair came from. */
  index: number;
  positionId: number;
  taskId: number;
  isPrimary: boolean;
  /** Body paths of the position and the task id, for a refusal naming them. */
  positionField: string;
  taskField: string;
}

type Refusal = BulkAssignOutcome['refused'][number];

class DryRunRollback extends Error {
  readonly outcome: unknown;
  constructor(outcome: unknown) {
    super('dry run rolled back');
    this.outcome = outcome;
  }
}

/** Each entry's pairs; an entry with both or neither of task_id and task_ids is a 400 on it. */
function candidatesOf(input: BulkAssignInput): Candidate[] {
  const out: Candidate[] = [];
  input.assignments.forEach((entry, index) => {
    const base = `assignments.${index}`;
    const isPrimary = entry.overrides?.is_primary ?? entry.is_primary ?? false;
    if (entry.task_id !== undefined && entry.task_ids !== undefined) {
      const message = 'Give task_id or task_ids, not both';
      throw errors.badRequest(message, 'VALIDATION_ERROR', [
        { field: `${base}.task_ids`, message, rule: 'oneOf' },
      ]);
    }
    if (entry.task_id !== undefined) {
      out.push({
        index,
        positionId: entry.position_id,
        taskId: entry.task_id,
        isPrimary,
        positionField: `${base}.position_id`,
        taskField: `${base}.task_id`,
      });
    } else if (entry.task_ids !== undefined) {
      entry.task_ids.forEach((taskId, j) => {
        out.push({
          index,
          positionId: entry.position_id,
          taskId,
          isPrimary,
          positionField: `${base}.position_id`,
          taskField: `${base}.task_ids.${j}`,
        });
      });
    } else {
      throw errors.fieldError(`${base}.task_id`, 'required');
    }
    if (out.length > TASK_LIMITS.bulkPairsMax) {
      const message = `At most ${TASK_LIMITS.bulkPairsMax} position and task pairs at once`;
      throw errors.badRequest(message, 'TOO_MANY_PAIRS', [
        { field: 'assignments', message, rule: 'maxItems', params: { max: TASK_LIMITS.bulkPairsMax } },
      ]);
    }
  });
  return out;
}

/** The call's effect inside `tx`: refusals, then inserts of the rest skipping what exists. */
export async function applyPairs(tx: Db, ctx: RequestContext, candidates: Candidate[], dryRun: boolean) {
  const distinct = (ids: number[]) => [...new Set(ids)];
  const positionActive = new Map(
    (await repo.positionStates(tx, ctx.siteId, distinct(candidates.map((c) => c.positionId)))).map((r) => [
      r.id,
      r.isActive,
    ]),
  );
  const taskActive = new Map(
    (await repo.taskStates(tx, ctx.siteId, distinct(candidates.map((c) => c.taskId)))).map((r) => [
      r.id,
      r.isActive,
    ]),
  );

  const refused: Refusal[] = [];
  const refusedEntries = new Set<string>();
  const seen = new Set<string>();
  const toInsert: repo.NewPair[] = [];
  const duplicates: { position_id: number; task_id: number }[] = [];
  for (const c of candidates) {
    const position = positionActive.get(c.positionId);
    if (position !== true) {
      // One refusal per entry and position, not one per task of a refused position.
      const key = `${c.index}:${c.positionId}`;
      if (!refusedEntries.has(key)) {
        refusedEntries.add(key);
        refused.push({
          index: c.index,
          field: c.positionField,
          message: position === undefined ? 'Position not found' : 'This position is inactive',
          position_id: c.positionId,
        });
      }
      continue;
    }
    const task = taskActive.get(c.taskId);
    if (task !== true) {
      refused.push({
        index: c.index,
        field: c.taskField,
        message: task === undefined ? 'Task not found' : 'This task is inactive',
        position_id: c.positionId,
        task_id: c.taskId,
      });
      continue;
    }
    const key = `${c.positionId}:${c.taskId}`;
    if (seen.has(key)) {
      duplicates.push({ position_id: c.positionId, task_id: c.taskId });
      continue;
    }
    seen.add(key);
    toInsert.push({ positionId: c.positionId, taskId: c.taskId, isPrimary: c.isPrimary });
  }

  const inserted = await repo.insertPairsSkippingExisting(tx, ctx.siteId, toInsert, ctx.actor.userId);
  const made = new Set(inserted.map((r) => `${r.positionId}:${r.taskId}`));
  const created_pairs: BulkAssignOutcome['created_pairs'] = [];
  const skipped_pairs: BulkAssignOutcome['skipped_pairs'] = [];
  for (const pair of toInsert) {
    const out = { position_id: pair.positionId, task_id: pair.taskId };
    (made.has(`${pair.positionId}:${pair.taskId}`) ? created_pairs : skipped_pairs).push(out);
  }
  skipped_pairs.push(...duplicates);
  return {
    dry_run: dryRun,
    created: created_pairs.length,
    skipped_existing: skipped_pairs.length,
    refused,
    created_pairs,
    skipped_pairs,
  };
}

export async function bulkAssign(ctx: RequestContext, input: BulkAssignInput): Promise<BulkAssignOutcome> {
  const candidates = candidatesOf(input);
  const dryRun = input.dry_run === true;
  return inTransactionOrDryRun(ctx, dryRun, async (tx) => {
    const outcome = await applyPairs(tx, ctx, candidates, dryRun);
    // One event for the call: its counts and the pairs it made (a dry run's is rolled back with it).
    const details = {
      created: outcome.created,
      skipped_existing: outcome.skipped_existing,
      refused: outcome.refused.length,
      created_ids: outcome.created_pairs.map((p) => `${p.position_id}:${p.task_id}`),
    };
    await ctx.audit(tx, { action: 'assignment.bulk_assign', entity: 'assignment', details });
    return outcome;
  });
}

/**
 * `work` in one transaction, rolled back when `dryRun`: its answer either way, so a preview is the
 * real call undone and cannot disagree with it.
 */
export async function inTransactionOrDryRun<T>(
  ctx: RequestContext,
  dryRun: boolean,
  work: (tx: Db) => Promise<T>,
): Promise<T> {
  try {
    return await ctx.db.transaction(async (tx) => {
      const outcome = await work(tx);
      if (dryRun) {
        // Undone: nothing of it is announced after the answer either.
        ctx.audit.rolledBack?.(tx);
        throw new DryRunRollback(outcome);
      }
      return outcome;
    });
  } catch (err) {
    if (err instanceof DryRunRollback) return err.outcome as T;
    throw err;
  }
}
