import * as yup from 'yup';
import type { CreatePositionTaskAssignmentBody, PositionTaskAssignment } from '../../api/gen/model';
import { requiredMessage as required } from '../../components/common/form-rules.ts';

/** Spec §5 Assignment dialog: position and task are required (both locked once it exists). */
export const assignmentFormSchema = yup.object({
  position_id: yup.number().typeError(required).required(required),
  task_id: yup.number().typeError(required).required(required),
  is_primary: yup.boolean().required(),
});

export type AssignmentFormValues = yup.InferType<typeof assignmentFormSchema>;

export function assignmentFormValues(row: PositionTaskAssignment | null): Partial<AssignmentFormValues> {
  return row
    ? { position_id: row.position_id, task_id: row.task_id, is_primary: row.is_primary }
    : { is_primary: false };
}

export function toCreateBody(values: AssignmentFormValues): CreatePositionTaskAssignmentBody {
  return { position_id: values.position_id, task_id: values.task_id, is_primary: values.is_primary };
}
