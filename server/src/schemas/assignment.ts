/** Position-task assignments (/position-task-assignments): which catalogue tasks apply where. */
import { type Static, Type } from '@sinclair/typebox';
import { TASK_LIMITS } from '#domain/tasks.ts';
import { IdParam } from './common.ts';
import { pageQuery, timestamp } from './task-common.ts';
import { trashItemId } from './trash.ts';

export const Assignment = Type.Object(
  {
    position_id: Type.Integer(),
    task_id: Type.Integer(),
    position_code: Type.String(),
    position_name: Type.String(),
    task_code: Type.String(),
    task_name: Type.String(),
    is_primary: Type.Boolean(),
    is_active: Type.Boolean(),
    assigned_at: timestamp(),
    /** The assignment's version: sent back as If-Match, a save is refused once it changed (EDIT_CONFLICT). */
    updated_at: timestamp(),
  },
  { $id: 'PositionTaskAssignment' },
);

export const ASSIGNMENT_SORTS = [
  'position_code',
  'position_name',
  'task_code',
  'task_name',
  'assigned_at',
] as const;

export const AssignmentListQuery = Type.Object({
  position_id: Type.Optional({ ...IdParam, description: 'Only this position’s assignments' }),
  task_id: Type.Optional({ ...IdParam, description: 'Only this task’s assignments' }),
  ...pageQuery(ASSIGNMENT_SORTS, { default: 'position_code', description: 'Sort field; ties by task code' }),
});
export type AssignmentListOptions = Static<typeof AssignmentListQuery>;

export const AssignmentList = Type.Object(
  {
    assignments: Type.Array(Type.Ref(Assignment)),
    /** Rows matching the filters, over all pages. */
    total: Type.Integer(),
  },
  { $id: 'PositionTaskAssignmentList' },
);

/** Every assignment of one position, or of one task (not paged: one side is fixed). */
export const AssignmentsOf = Type.Object(
  { assignments: Type.Array(Type.Ref(Assignment)) },
  { $id: 'PositionTaskAssignmentsOf' },
);

export const AssignmentResponse = Type.Object(
  { assignment: Type.Ref(Assignment) },
  { $id: 'PositionTaskAssignmentResponse' },
);

export const AssignmentCreate = Type.Object(
  {
    position_id: IdParam,
    task_id: IdParam,
    is_primary: Type.Optional(Type.Boolean({ description: 'false when not given' })),
  },
  { $id: 'PositionTaskAssignmentCreate', additionalProperties: false },
);

export const AssignmentUpdate = Type.Object(
  { is_primary: Type.Boolean() },
  { $id: 'PositionTaskAssignmentUpdate', additionalProperties: false },
);

export const AssignmentParams = Type.Object(
  { positionId: IdParam, taskId: IdParam },
  { additionalProperties: false },
);

export const AssignmentDeleteResult = Type.Object(
  {
    message: Type.String(),
    /** The task's dependencies at that position, removed with the assignment. */
    removed_dependencies: Type.Integer(),
    trash_item_id: trashItemId(),
  },
  { $id: 'PositionTaskAssignmentDeleteResult' },
);

/**
 * One entry of a bulk call, in either of two shapes: one pair (`task_id`, `is_primary`), or the
 * wizard's one position with many tasks (`task_ids`, `overrides.is_primary`). Exactly one of
 * task_id and task_ids; the service names the entry when both or neither are given.
 */
const BulkEntry = Type.Object(
  {
    position_id: { ...IdParam, description: 'Required in every entry (an empty one is refused)' },
    task_id: Type.Optional(IdParam),
    is_primary: Type.Optional(Type.Boolean()),
    task_ids: Type.Optional(
      Type.Array(IdParam, { minItems: 1, maxItems: TASK_LIMITS.bulkPairsMax, uniqueItems: true }),
    ),
    overrides: Type.Optional(
      Type.Object({ is_primary: Type.Optional(Type.Boolean()) }, { additionalProperties: false }),
    ),
  },
  { additionalProperties: false },
);

export const BulkAssignBody = Type.Object(
  {
    assignments: Type.Array(BulkEntry, {
      minItems: 1,
      maxItems: TASK_LIMITS.bulkPairsMax,
      description: `At most ${TASK_LIMITS.bulkPairsMax} position and task pairs in all`,
    }),
    dry_run: Type.Optional(
      Type.Boolean({
        default: false,
        description: 'Answer exactly what the call would do, and write nothing',
      }),
    ),
  },
  { $id: 'BulkAssignBody', additionalProperties: false },
);
export type BulkAssignInput = Static<typeof BulkAssignBody>;

const Pair = Type.Object({ position_id: Type.Integer(), task_id: Type.Integer() });

export const BulkRefusal = Type.Object(
  {
    /** The entry of `assignments` refused (in whole or one of its tasks). */
    index: Type.Integer(),
    /** The body path of the value refused, e.g. assignments.3.task_ids.1. */
    field: Type.String(),
    message: Type.String(),
    position_id: Type.Integer(),
    task_id: Type.Optional(Type.Integer()),
  },
  { $id: 'BulkAssignRefusal' },
);

export const BulkAssignResult = Type.Object(
  {
    dry_run: Type.Boolean(),
    /** Pairs written (or, in a dry run, that would be). */
    created: Type.Integer(),
    /** Pairs already assigned, or listed earlier in the same call: left as they are. */
    skipped_existing: Type.Integer(),
    refused: Type.Array(Type.Ref(BulkRefusal)),
    created_pairs: Type.Array(Pair),
    skipped_pairs: Type.Array(Pair),
  },
  { $id: 'BulkAssignResult' },
);
export type BulkAssignOutcome = Static<typeof BulkAssignResult>;
