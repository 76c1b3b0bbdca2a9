import * as yup from 'yup';
import type { CreateTaskInstanceBody, TaskInstance, UpdateTaskInstanceBody } from '../../api/gen/model';
import { formMessage } from '../../components/common/form-message.ts';
import { LIMITS } from '../../domain/validation.ts';
import { taskRules, textOrNull } from './task-form-rules.ts';

/** An instance needs a position and a task name; the rest has defaults. */
export function instanceFormSchema() {
  return yup.object({
    position_id: yup.number().required(formMessage('validation.required')),
    task_name: taskRules.taskName(),
    task_code: taskRules.text(LIMITS.codeMax),
    description: taskRules.text(),
    category: taskRules.category(),
    priority: taskRules.priority(),
    duration_minutes: taskRules.duration(),
    is_primary: yup.boolean().default(false),
    is_mandatory: yup.boolean().default(true),
    specific_notes: taskRules.text(),
    is_active: yup.boolean().default(true),
  });
}

export type InstanceFormValues = yup.InferType<ReturnType<typeof instanceFormSchema>>;

export function instanceFormValues(
  instance: TaskInstance | null,
  positionId: number | undefined,
): Partial<InstanceFormValues> {
  if (!instance) {
    return {
      position_id: positionId,
      task_name: '',
      task_code: '',
      description: '',
      priority: 1,
      is_primary: false,
      is_mandatory: true,
      specific_notes: '',
      is_active: true,
    };
  }
  return {
    position_id: instance.position_id,
    task_name: instance.task_name,
    task_code: instance.task_code ?? '',
    description: instance.description ?? '',
    category: (instance.category ?? undefined) as InstanceFormValues['category'],
    priority: instance.priority,
    duration_minutes: instance.duration_minutes ?? undefined,
    is_primary: instance.is_primary,
    is_mandatory: instance.is_mandatory,
    specific_notes: instance.specific_notes ?? '',
    is_active: instance.is_active,
  };
}

export function toCreateInstanceBody(v: InstanceFormValues): CreateTaskInstanceBody {
  return {
    position_id: v.position_id,
    task_name: v.task_name,
    task_code: textOrNull(v.task_code),
    description: textOrNull(v.description),
    ...(v.category ? { category: v.category } : {}),
    priority: v.priority,
    ...(v.duration_minutes ? { duration_minutes: v.duration_minutes } : {}),
    is_primary: v.is_primary,
    is_mandatory: v.is_mandatory,
    specific_notes: textOrNull(v.specific_notes),
  };
}

/** The position stays as it is on edit (the dialog locks it). */
export function toUpdateInstanceBody(v: InstanceFormValues): UpdateTaskInstanceBody {
  const { position_id: _, ...body } = toCreateInstanceBody(v);
  return { ...body, is_active: v.is_active };
}
