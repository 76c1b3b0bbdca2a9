/** The task catalogue (/tasks): codes unique per site, a duration, a category and a numeric priority. */
import { type Static, Type } from '@sinclair/typebox';
import { LIMITS } from '#domain/validation.ts';
import { IdParam, Nullable } from './common.ts';
import {
  categoryInput,
  categoryOutput,
  DeleteOutcome,
  durationInput,
  optionalText,
  priorityInput,
  taskName,
  timestamp,
} from './task-common.ts';
import { trashItemId } from './trash.ts';

export const Task = Type.Object(
  {
    id: Type.Integer(),
    task_code: Type.String(),
    task_name: Type.String(),
    description: Nullable(Type.String()),
    category: categoryOutput(),
    estimated_duration_minutes: Nullable(Type.Integer()),
    priority: Type.Integer(),
    is_active: Type.Boolean(),
    is_primary: Type.Boolean(),
    created_at: timestamp(),
    updated_at: timestamp(),
  },
  { $id: 'Task' },
);

const code = () => Type.String({ minLength: LIMITS.taskCodeMin, maxLength: LIMITS.codeMax });

export const TaskCreate = Type.Object(
  {
    task_code: code(),
    task_name: taskName(),
    description: optionalText(),
    category: categoryInput(),
    estimated_duration_minutes: durationInput(),
    priority: priorityInput(),
    is_active: Type.Optional(Type.Boolean()),
    is_primary: Type.Optional(Type.Boolean()),
  },
  { $id: 'TaskCreate', additionalProperties: false },
);

export const TaskUpdate = Type.Object(
  {
    task_code: Type.Optional(code()),
    task_name: Type.Optional(taskName()),
    description: optionalText(),
    category: categoryInput(),
    estimated_duration_minutes: Type.Optional(durationInput()),
    priority: priorityInput(),
    is_active: Type.Optional(Type.Boolean()),
    is_primary: Type.Optional(Type.Boolean()),
  },
  { $id: 'TaskUpdate', additionalProperties: false },
);

export const TaskListQuery = Type.Object({
  position_id: Type.Optional({ ...IdParam, description: 'Only the tasks assigned to this position' }),
});
export type TaskListQueryInput = Static<typeof TaskListQuery>;

export const TaskList = Type.Object({ tasks: Type.Array(Type.Ref(Task)) }, { $id: 'TaskList' });
export const TaskResponse = Type.Object({ task: Type.Ref(Task) }, { $id: 'TaskResponse' });
export const TaskDeleteResult = Type.Object(
  {
    message: Type.String(),
    /** 'deactivated' when assignments, dependencies or work entries name the task. */
    outcome: DeleteOutcome,
    task: Type.Optional(Type.Ref(Task)),
    trash_item_id: trashItemId(),
  },
  { $id: 'TaskDeleteResult' },
);

/** Request types as the schemas define them (the type provider reads string enums as unknown). */
export type TaskCreateInput = Static<typeof TaskCreate>;
export type TaskUpdateInput = Static<typeof TaskUpdate>;
