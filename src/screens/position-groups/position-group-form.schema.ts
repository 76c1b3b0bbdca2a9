import * as yup from 'yup';
import type {
  CreatePositionGroupBody,
  PositionGroupDetail,
  UpdatePositionGroupBody,
} from '../../api/gen/model';
import { formMessage } from '../../components/common/form-message.ts';
import { emptyAsNull, groupRules } from '../../components/common/form-rules.ts';
import { type RecordForm, recordValues } from '../../components/common/use-record-form.ts';
import { GROUP_CODE_REGEX } from '../../domain/position-groups.ts';
import { LIMITS } from '../../domain/validation.ts';

/**
 * The position group form, with the server's limits and code pattern (src/domain). position_ids is
 * the whole membership, inactive positions included: the picker hides those, but they must be sent
 * back or the save would drop them from the group.
 */
export const positionGroupFormSchema = yup.object({
  group_name: groupRules.name(),
  group_code: groupRules
    .code(LIMITS.codeMax)
    .trim()
    .matches(GROUP_CODE_REGEX, formMessage('positionGroups.codePattern')),
  description: groupRules.description(),
  position_ids: yup.array(yup.number().integer().required()).required().default([]),
  is_active: yup.boolean().required().default(true),
});

export type PositionGroupFormValues = yup.InferType<typeof positionGroupFormSchema>;

export const positionGroupForm: RecordForm<PositionGroupDetail, typeof positionGroupFormSchema> = {
  schema: positionGroupFormSchema,
  // The detail's members are the form's position ids.
  values: (group) =>
    recordValues(
      positionGroupFormSchema,
      group && { ...group, position_ids: group.positions.map((p) => p.id) },
    ),
  overrides: {
    'group_code.unique': formMessage('positionGroups.codeTaken'),
    'group_code.pattern': formMessage('positionGroups.codePattern'),
    'position_ids.exists': formMessage('positionGroups.unknownPositions'),
  },
  name: (values) => values.group_name,
};

/** A new group has no active switch: it starts active. */
export const toCreateBody = ({ is_active, ...values }: PositionGroupFormValues): CreatePositionGroupBody =>
  emptyAsNull(values, 'description');

export const toUpdateBody = (values: PositionGroupFormValues): UpdatePositionGroupBody =>
  emptyAsNull(values, 'description');
