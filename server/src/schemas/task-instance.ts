/** Task instances (/unified-tasks/instances): a task as it applies to one position. */
import { type Static, Type } from '@sinclair/typebox';
import { TASK_LIMITS } from '#domain/tasks.ts';
import { LIMITS } from '#domain/validation.ts';
import { IdParam, Nullable } from './common.ts';
import {
  categoryInput,
  categoryOutput,
  durationInput,
  optionalText,
  pageQuery,
  priorityInput,
  searchQuery,
  taskCategory,
  taskName,
  timestamp,
} from './task-common.ts';
import { trashItemId } from './trash.ts';

export const TaskInstance = Type.Object(
  {
    id: Type.Integer(),
    position_id: Type.Integer(),
    position_code: Type.String(),
    position_name: Type.String(),
    /** Null for a one-off instance, or once its template was deleted (code and name are kept). */
    template_id: Nullable(Type.Integer()),
    task_code: Nullable(Type.String()),
    task_name: Type.String(),
    description: Nullable(Type.String()),
    category: categoryOutput(),
    priority: Type.Integer(),
    duration_minutes: Nullable(Type.Integer()),
    is_primary: Type.Boolean(),
    is_mandatory: Type.Boolean(),
    specific_notes: Nullable(Type.String()),
    is_completed: Type.Boolean(),
    completed_at: Nullable(timestamp()),
    completed_by: Nullable(Type.Integer()),
    completed_by_name: Nullable(Type.String()),
    completion_notes: Nullable(Type.String()),
    is_active: Type.Boolean(),
    created_at: timestamp(),
    updated_at: timestamp(),
  },
  { $id: 'TaskInstance' },
);

const instanceFields = {
  task_code: optionalText(LIMITS.codeMax),
  description: optionalText(),
  category: categoryInput(),
  priority: priorityInput(),
  duration_minutes: Type.Optional(durationInput()),
  is_primary: Type.Optional(Type.Boolean({ description: 'false when not given' })),
  is_mandatory: Type.Optional(Type.Boolean({ description: 'true when not given' })),
  specific_notes: optionalText(),
  is_active: Type.Optional(Type.Boolean()),
};

export const TaskInstanceCreate = Type.Object(
  {
    position_id: IdParam,
    /** Fields left out are copied from the template. */
    template_id: Type.Optional(IdParam),
    task_name: Type.Optional(taskName()),
    ...instanceFields,
  },
  { $id: 'TaskInstanceCreate', additionalProperties: false },
);

export const TaskInstanceUpdate = Type.Object(
  { position_id: Type.Optional(IdParam), task_name: Type.Optional(taskName()), ...instanceFields },
  { $id: 'TaskInstanceUpdate', additionalProperties: false },
);

export const TaskInstanceComplete = Type.Object(
  { notes: optionalText() },
  { $id: 'TaskInstanceComplete', additionalProperties: false },
);

export const INSTANCE_SORTS = [
  'task_name',
  'task_code',
  'position_code',
  'category',
  'priority',
  'created_at',
  'completed_at',
] as const;

const paging = pageQuery(INSTANCE_SORTS, {
  default: 'task_name',
  description: 'Sort field; ties are broken by id',
});
const filters = {
  includeCompleted: Type.Optional(
    Type.Boolean({ default: false, description: 'Also completed instances (open ones only by default)' }),
  ),
  category: Type.Optional(taskCategory()),
  search: searchQuery(),
};
const positionFilter = { positionId: Type.Optional(IdParam) };

export const TaskInstanceListQuery = Type.Object({ ...positionFilter, ...filters, ...paging });
export const TemplateInstancesQuery = Type.Object({ ...positionFilter, ...filters, ...paging });
export const PositionInstancesQuery = Type.Object({ ...filters, ...paging });

/** What a list query may filter and page by; the template and position routes fix one of them. */
export type InstanceListOptions = Static<typeof TaskInstanceListQuery> & { templateId?: number };

export const TaskInstanceList = Type.Object(
  {
    instances: Type.Array(Type.Ref(TaskInstance)),
    /** Rows matching the filters, over all pages. */
    total: Type.Integer(),
  },
  { $id: 'TaskInstanceList' },
);
export const TaskInstanceResponse = Type.Object(
  { instance: Type.Ref(TaskInstance) },
  { $id: 'TaskInstanceResponse' },
);

const overrides = {
  is_primary: Type.Optional(Type.Boolean()),
  is_mandatory: Type.Optional(Type.Boolean()),
  specific_notes: optionalText(),
};

export const FromTemplateBody = Type.Object(
  {
    template_id: IdParam,
    positions: Type.Array(IdParam, {
      minItems: 1,
      maxItems: TASK_LIMITS.bulkPositionsMax,
      uniqueItems: true,
      description: 'Position ids',
    }),
    ...overrides,
  },
  { $id: 'FromTemplateBody', additionalProperties: false },
);

/** Every template for every position (the cross product), at most 10,000 pairs. */
export const BulkCreateBody = Type.Object(
  {
    template_ids: Type.Array(IdParam, {
      minItems: 1,
      maxItems: TASK_LIMITS.bulkTemplatesMax,
      uniqueItems: true,
    }),
    position_ids: Type.Array(IdParam, {
      minItems: 1,
      maxItems: TASK_LIMITS.bulkPositionsMax,
      uniqueItems: true,
    }),
    ...overrides,
  },
  { $id: 'BulkCreateBody', additionalProperties: false },
);

export const SkippedInstance = Type.Object(
  {
    template_id: Type.Integer(),
    position_id: Type.Integer(),
    reason: Type.Literal('open_instance_exists'),
    message: Type.String(),
  },
  { $id: 'SkippedInstance' },
);

export const BulkCreateResult = Type.Object(
  {
    created: Type.Array(Type.Ref(TaskInstance)),
    skipped: Type.Array(Type.Ref(SkippedInstance)),
    created_count: Type.Integer(),
    skipped_count: Type.Integer(),
  },
  { $id: 'BulkCreateResult' },
);

export const CompletionStats = Type.Object(
  {
    total: Type.Integer(),
    completed: Type.Integer(),
    /** Whole percent, 0 when there is nothing to do. */
    percent: Type.Integer(),
  },
  { $id: 'CompletionStats' },
);

export const PositionCompletionStats = Type.Object(
  {
    position_id: Type.Integer(),
    total: Type.Integer(),
    completed: Type.Integer(),
    percent: Type.Integer(),
  },
  { $id: 'PositionCompletionStats' },
);

export const SiteCompletionStats = Type.Object(
  {
    overall: Type.Ref(CompletionStats),
    categories: Type.Array(
      Type.Object({
        category: Nullable(Type.String()),
        total: Type.Integer(),
        completed: Type.Integer(),
        percent: Type.Integer(),
      }),
    ),
  },
  { $id: 'SiteCompletionStats' },
);

export const AvailableTemplatesQuery = Type.Object({
  category: Type.Optional(taskCategory()),
  search: searchQuery(),
});

export const TaskInstanceDeleteResult = Type.Object(
  { message: Type.String(), outcome: Type.Literal('deleted'), trash_item_id: trashItemId() },
  { $id: 'TaskInstanceDeleteResult' },
);

/** Request types as the schemas define them (the type provider reads string enums as unknown). */
export type FromTemplateBodyInput = Static<typeof FromTemplateBody>;
export type BulkCreateBodyInput = Static<typeof BulkCreateBody>;
export type TaskInstanceCompleteInput = Static<typeof TaskInstanceComplete>;
export type TemplateInstancesQueryInput = Static<typeof TemplateInstancesQuery>;
export type PositionInstancesQueryInput = Static<typeof PositionInstancesQuery>;
export type AvailableTemplatesQueryInput = Static<typeof AvailableTemplatesQuery>;
