/** Legacy task templates (/task-templates): a worded priority, skills, safety and dependencies. */
import { type Static, Type } from '@sinclair/typebox';
import { DEPENDENCY_TYPES, TASK_LIMITS } from '#domain/tasks.ts';
import { LIMITS } from '#domain/validation.ts';
import { Nullable } from './common.ts';
import {
  categoryInput,
  categoryOutput,
  durationInput,
  legacyPriority,
  optionalText,
  stringEnum,
  taskCategory,
  taskName,
  timestamp,
} from './task-common.ts';
import { trashedMessage } from './trash.ts';

const LIST_MAX = 50;
const item = () => Type.String({ minLength: 1, maxLength: LIMITS.nameMax });

export const TypicalDependency = Type.Object(
  {
    depends_on_task: Type.String({ minLength: 1, maxLength: LIMITS.nameMax }),
    dependency_type: stringEnum(DEPENDENCY_TYPES),
  },
  { $id: 'TypicalDependency', additionalProperties: false },
);

export const LegacyTaskTemplate = Type.Object(
  {
    id: Type.Integer(),
    name: Type.String(),
    priority: legacyPriority(),
    category: categoryOutput(),
    duration_minutes: Type.Integer(),
    description: Nullable(Type.String()),
    required_skills: Type.Array(Type.String()),
    safety_requirements: Type.Array(Type.String()),
    instructions: Nullable(Type.String()),
    typical_dependencies: Type.Array(Type.Ref(TypicalDependency)),
    is_active: Type.Boolean(),
    created_at: timestamp(),
    updated_at: timestamp(),
  },
  { $id: 'LegacyTaskTemplate' },
);

const optionalFields = {
  category: categoryInput(),
  description: optionalText(),
  required_skills: Type.Optional(Type.Array(item(), { maxItems: LIST_MAX })),
  safety_requirements: Type.Optional(Type.Array(item(), { maxItems: LIST_MAX })),
  instructions: optionalText(),
  typical_dependencies: Type.Optional(Type.Array(Type.Ref(TypicalDependency), { maxItems: LIST_MAX })),
  is_active: Type.Optional(Type.Boolean()),
};

const createFields = {
  name: taskName(),
  priority: legacyPriority(),
  duration_minutes: durationInput(),
  ...optionalFields,
};

export const LegacyTaskTemplateCreate = Type.Object(createFields, {
  $id: 'LegacyTaskTemplateCreate',
  additionalProperties: false,
});

export const LegacyTaskTemplateUpdate = Type.Object(
  {
    name: Type.Optional(taskName()),
    priority: Type.Optional(legacyPriority()),
    duration_minutes: Type.Optional(durationInput()),
    ...optionalFields,
  },
  { $id: 'LegacyTaskTemplateUpdate', additionalProperties: false },
);

export const LegacyTaskTemplateBulkCreate = Type.Object(
  {
    templates: Type.Array(Type.Object(createFields, { additionalProperties: false }), {
      minItems: 1,
      maxItems: TASK_LIMITS.legacyBulkMax,
    }),
  },
  { $id: 'LegacyTaskTemplateBulkCreate', additionalProperties: false },
);

export const LegacyTaskTemplateListQuery = Type.Object({
  category: Type.Optional(taskCategory()),
  priority: Type.Optional(legacyPriority()),
});

export const LegacyTaskTemplateList = Type.Object(
  { templates: Type.Array(Type.Ref(LegacyTaskTemplate)) },
  { $id: 'LegacyTaskTemplateList' },
);
export const LegacyTaskTemplateResponse = Type.Object(
  { template: Type.Ref(LegacyTaskTemplate) },
  { $id: 'LegacyTaskTemplateResponse' },
);
export const LegacyTaskTemplateBulkResult = Type.Object(
  { templates: Type.Array(Type.Ref(LegacyTaskTemplate)), created_count: Type.Integer() },
  { $id: 'LegacyTaskTemplateBulkResult' },
);

/** Request types as the schemas define them (the type provider reads string enums as unknown). */
export type LegacyTaskTemplateBulkCreateInput = Static<typeof LegacyTaskTemplateBulkCreate>;

/** A legacy template's delete: it went to the trash. */
export const LegacyTaskTemplateDeleteResult = trashedMessage('LegacyTaskTemplateDeleteResult');
