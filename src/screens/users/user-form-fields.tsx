import type { Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  DropdownField,
  PasswordField,
  SwitchField,
  TextField,
} from '../../components/common/form-inputs.tsx';
import type { RoleChoice, UserFormMode, UserFormValues } from './user-form.schema.ts';

export type RoleOption = { label: string; value: RoleChoice };

type Props = {
  mode: UserFormMode;
  control: Control<UserFormValues>;
  /** The built-in and custom roles the viewer may give (never above their own). */
  roleOptions: readonly RoleOption[];
};

export function UserFormFields({ mode, control, roleOptions }: Props) {
  const { t } = useTranslation();
  return (
    <div className="form-grid">
      <TextField
        control={control}
        name="first_name"
        id="user-first_name"
        label={t('users.form.firstName')}
        autoComplete="given-name"
      />
      <TextField
        control={control}
        name="last_name"
        id="user-last_name"
        label={t('users.form.lastName')}
        autoComplete="family-name"
      />
      <TextField
        control={control}
        name="email"
        id="user-email"
        label={t('users.form.email')}
        type="email"
        autoComplete="email"
        className="form-grid__full"
      />
      <PasswordField
        control={control}
        name="password"
        id="user-password"
        label={mode === 'create' ? t('users.form.password') : t('users.form.newPassword')}
        hint={mode === 'edit' ? t('users.form.passwordHint') : undefined}
      />
      <DropdownField
        control={control}
        name="role"
        id="user-role"
        label={t('users.form.role')}
        options={roleOptions}
      />
      {mode === 'edit' ? (
        <SwitchField
          control={control}
          name="is_active"
          id="user-active"
          label={t('users.form.active')}
          hint={t('users.form.activeHint')}
          className="form-grid__full"
        />
      ) : null}
    </div>
  );
}
