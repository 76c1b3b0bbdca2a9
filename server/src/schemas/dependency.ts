/** Task dependencies (/task-dependencies): at one position, a task waits for another. */
import { type Static, Type } from '@sinclair/typebox';
import { DEFAULT_DEPENDENCY_TYPE, DEPENDENCY_TYPES } from '#domain/tasks.ts';
import { IdParam, Nullable } from './common.ts';
import { stringEnum, timestamp } from './task-common.ts';

const dependencyType = () => stringEnum(DEPENDENCY_TYPES, { description: 'blocks, requires or optional' });

export const Dependency = Type.Object(
  {
    id: Type.Integer(),
    position_id: Type.Integer(),
    position_code: Type.String(),
    position_name: Type.String(),
    /** The task that waits. */
    task_id: Type.Integer(),
    task_code: Type.String(),
    task_name: Type.String(),
    /** The task it waits for. */
    depends_on_task_id: Type.Integer(),
    depends_on_task_code: Type.String(),
    depends_on_task_name: Type.String(),
    dependency_type: dependencyType(),
    created_at: timestamp(),
  },
  { $id: 'TaskDependency' },
);

export const DependencyListQuery = Type.Object({
  position_id: Type.Optional({ ...IdParam, description: 'Only this position’s dependencies' }),
  task_id: Type.Optional({
    ...IdParam,
    description: 'Only dependencies naming this task, on either side',
  }),
});

export const DependencyList = Type.Object(
  { dependencies: Type.Array(Type.Ref(Dependency)) },
  { $id: 'TaskDependencyList' },
);

const edge = {
  position_id: IdParam,
  task_id: { ...IdParam, description: 'The task that waits' },
  depends_on_task_id: { ...IdParam, description: 'The task it waits for' },
};

export const DependencyCreate = Type.Object(
  {
    ...edge,
    dependency_type: Type.Optional(
      stringEnum(DEPENDENCY_TYPES, {
        default: DEFAULT_DEPENDENCY_TYPE,
        description: `blocks, requires or optional; ${DEFAULT_DEPENDENCY_TYPE} when not given`,
      }),
    ),
  },
  { $id: 'TaskDependencyCreate', additionalProperties: false },
);
export type DependencyCreateInput = Static<typeof DependencyCreate>;

export const DependencyValidate = Type.Object(edge, {
  $id: 'TaskDependencyValidate',
  additionalProperties: false,
});
export type DependencyValidateInput = Static<typeof DependencyValidate>;

export const DependencyValidation = Type.Object(
  {
    valid: Type.Boolean(),
    /** Why not, in the words a create would answer with; null when valid. */
    error: Nullable(Type.String()),
    /** The body field the error concerns. */
    field: Nullable(Type.String()),
    code: Nullable(Type.String()),
    /** Task codes round the cycle the dependency would close, when that is the reason. */
    cycle: Nullable(Type.Array(Type.String())),
  },
  { $id: 'TaskDependencyValidation' },
);

export const DependencyResponse = Type.Object(
  { dependency: Type.Ref(Dependency) },
  { $id: 'TaskDependencyResponse' },
);

export const BlockedQuery = Type.Object({ position_id: IdParam }, { additionalProperties: false });

const TaskRef = Type.Object({
  task_id: Type.Integer(),
  task_code: Type.String(),
  task_name: Type.String(),
});

export const BlockedTasks = Type.Object(
  {
    position_id: Type.Integer(),
    /** Each task with a requires or blocks dependency on a task not completed at the position. */
    blocked: Type.Array(
      Type.Object({
        ...TaskRef.properties,
        blocked_by: Type.Array(Type.Object({ ...TaskRef.properties, dependency_type: dependencyType() })),
      }),
    ),
  },
  { $id: 'BlockedTasks' },
);
