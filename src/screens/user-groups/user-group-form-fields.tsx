import type { Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { User } from '../../api/gen/model';
import { DropdownField, TextAreaField, TextField } from '../../components/common/form-inputs.tsx';
import { CREATABLE_USER_GROUP_TYPES } from '../../domain/user-groups.ts';
import type { UserGroupFormValues } from './user-group-form.schema.ts';
import { userOptions } from './user-options.ts';

type Props = {
  control: Control<UserGroupFormValues>;
  /** Active users of the site: the only ones who may manage a group (spec §5). */
  managers: readonly User[];
};

export function UserGroupFormFields({ control, managers }: Props) {
  const { t } = useTranslation();
  const typeOptions = CREATABLE_USER_GROUP_TYPES.map((type) => ({
    label: t(`userGroups.types.${type}`),
    value: type,
  }));
  return (
    <div className="form-grid">
      <TextField
        control={control}
        name="group_name"
        id="user-group-group_name"
        label={t('userGroups.form.name')}
        className="form-grid__full"
      />
      <TextField
        control={control}
        name="group_code"
        id="user-group-group_code"
        label={t('userGroups.form.code')}
        hint={t('userGroups.form.codeHint')}
        readOnly
      />
      <DropdownField
        control={control}
        name="group_type"
        id="user-group-group_type"
        label={t('userGroups.form.type')}
        options={typeOptions}
      />
      <DropdownField
        control={control}
        name="manager_user_id"
        id="user-group-manager_user_id"
        label={t('userGroups.form.manager')}
        hint={t('userGroups.form.managerHint')}
        className="form-grid__full"
        options={userOptions(managers)}
        placeholder={t('userGroups.form.managerPlaceholder')}
        filter
        showClear
      />
      <TextAreaField
        control={control}
        name="description"
        id="user-group-description"
        label={t('userGroups.form.description')}
        className="form-grid__full"
      />
    </div>
  );
}
