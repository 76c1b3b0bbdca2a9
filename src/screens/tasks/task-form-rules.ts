/** The yup rules both task forms share, with the limits the server's schemas use (src/domain). */
import * as yup from 'yup';
import { formMessage } from '../../components/common/form-message.ts';
import { optionalText, requiredMessage, requiredText } from '../../components/common/form-rules.ts';
import { TASK_CATEGORIES, TASK_LIMITS, type TaskCategory } from '../../domain/tasks.ts';
import { LIMITS } from '../../domain/validation.ts';

const between = (lo: number, hi: number) => formMessage('tasks.form.between', { min: lo, max: hi });

/** An empty or non-numeric input reads as "not given". */
const emptyToUndefined = (value: unknown, original: unknown) =>
  original === '' || original === null || Number.isNaN(value) ? undefined : value;

export const taskRules = {
  taskName: () => requiredText(LIMITS.taskNameMin, LIMITS.nameMax),
  text: (limit: number = LIMITS.textMax) => optionalText(limit),
  category: () =>
    yup
      .string<TaskCategory>()
      .oneOf([...TASK_CATEGORIES], requiredMessage)
      .optional(),
  /** Priority 1 when the input is not a number. */
  priority: () =>
    yup
      .number()
      .transform(emptyToUndefined)
      .integer(between(TASK_LIMITS.priorityMin, TASK_LIMITS.priorityMax))
      .min(TASK_LIMITS.priorityMin, between(TASK_LIMITS.priorityMin, TASK_LIMITS.priorityMax))
      .max(TASK_LIMITS.priorityMax, between(TASK_LIMITS.priorityMin, TASK_LIMITS.priorityMax))
      .default(TASK_LIMITS.defaultPriority),
  /** Minutes, greater than 0, or not given. */
  duration: () =>
    yup
      .number()
      .transform(emptyToUndefined)
      .integer(between(1, TASK_LIMITS.durationMax))
      .min(1, between(1, TASK_LIMITS.durationMax))
      .max(TASK_LIMITS.durationMax, between(1, TASK_LIMITS.durationMax))
      .optional(),
};

/** Blank text is sent as null, which clears it on the server. */
export const textOrNull = (value: string | undefined) => (value?.trim() ? value.trim() : null);
