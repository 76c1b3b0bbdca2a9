import * as yup from 'yup';
import { requiredMessage as required } from '../../components/common/form-rules.ts';

/**
 * The assignment dialog: position and task are required (both locked once it exists). The
 * values are the create body as they are.
 */
export const assignmentFormSchema = yup.object({
  position_id: yup.number().typeError(required).required(required),
  task_id: yup.number().typeError(required).required(required),
  is_primary: yup.boolean().required().default(false),
});
