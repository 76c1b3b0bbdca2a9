import type { Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { User } from '../../api/gen/model';
import { DropdownField, fieldsOf, TextAreaField, TextField } from '../../components/common/form-inputs.tsx';
import { CREATABLE_USER_GROUP_TYPES } from '../../domain/user-groups.ts';
import type { UserGroupFormValues } from './user-group-form.schema.ts';
import { userOptions } from './user-options.ts';

type Props = {
  control: Control<UserGroupFormValues>;
  /** Active users of the site: the only ones who may manage a group. */
  managers: readonly User[];
  /** Editing: the code made on create stays, and says so. */
  editing?: boolean;
};

export function UserGroupFormFields({ control, managers, editing = false }: Props) {
  const { t } = useTranslation();
  const field = fieldsOf(control, 'user-group');
  const typeOptions = CREATABLE_USER_GROUP_TYPES.map((type) => ({
    label: t(`userGroups.types.${type}`),
    value: type,
  }));
  return (
    <div className="form-grid">
      <TextField {...field('group_name', t('userGroups.form.name'))} className="form-grid__full" />
      <TextField
        {...field('group_code', t('userGroups.form.code'))}
        hint={editing ? t('userGroups.form.codeKept') : t('userGroups.form.codeHint')}
        readOnly
      />
      <DropdownField {...field('group_type', t('userGroups.form.type'))} options={typeOptions} />
      <DropdownField
        {...field('manager_user_id', t('userGroups.form.manager'))}
        hint={t('userGroups.form.managerHint')}
        className="form-grid__full"
        options={userOptions(managers)}
        placeholder={t('userGroups.form.managerPlaceholder')}
        filter
        showClear
      />
      <TextAreaField
        {...field('description', t('userGroups.form.description'))}
        className="form-grid__full"
      />
    </div>
  );
}
