import * as yup from 'yup';
import type {
  CreatePositionGroupBody,
  PositionGroupDetail,
  UpdatePositionGroupBody,
} from '../../api/gen/model';
import { formMessage } from '../../components/common/form-message.ts';
import { groupRules } from '../../components/common/form-rules.ts';
import type { RecordForm } from '../../components/common/use-record-form.ts';
import { GROUP_CODE_REGEX } from '../../domain/position-groups.ts';
import { LIMITS } from '../../domain/validation.ts';

/**
 * Spec §5 position group form, with the server's limits and code pattern (src/domain).
 * position_ids is the whole membership, inactive positions included: the picker hides those,
 * but they must be sent back or the save would drop them from the group.
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

export function positionGroupFormValues(group: PositionGroupDetail | null): PositionGroupFormValues {
  if (!group) return { group_name: '', group_code: '', description: '', position_ids: [], is_active: true };
  return {
    group_name: group.group_name,
    group_code: group.group_code,
    description: group.description ?? '',
    position_ids: group.positions.map((position) => position.id),
    is_active: group.is_active,
  };
}

export const positionGroupForm: RecordForm<PositionGroupDetail, typeof positionGroupFormSchema> = {
  schema: positionGroupFormSchema,
  values: positionGroupFormValues,
  overrides: {
    'group_code.unique': formMessage('positionGroups.codeTaken'),
    'group_code.pattern': formMessage('positionGroups.codePattern'),
    'position_ids.exists': formMessage('positionGroups.unknownPositions'),
  },
};

export function toCreateBody(values: PositionGroupFormValues): CreatePositionGroupBody {
  return {
    group_name: values.group_name,
    group_code: values.group_code,
    description: values.description || null,
    position_ids: values.position_ids,
  };
}

export function toUpdateBody(values: PositionGroupFormValues): UpdatePositionGroupBody {
  return { ...toCreateBody(values), is_active: values.is_active };
}
