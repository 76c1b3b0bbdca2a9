import type { Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  DropdownField,
  fieldsOf,
  PasswordField,
  SwitchField,
  TextField,
} from '../../components/common/form-inputs.tsx';
import { LANGUAGES } from '../../domain/languages.ts';
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
  const field = fieldsOf(control, 'user');
  const languageOptions = LANGUAGES.map((language) => ({
    label: t(`languages.${language}`),
    value: language,
  }));
  return (
    <div className="form-grid">
      <TextField {...field('first_name', t('users.form.firstName'))} autoComplete="given-name" />
      <TextField {...field('last_name', t('users.form.lastName'))} autoComplete="family-name" />
      <TextField
        {...field('email', t('users.form.email'))}
        type="email"
        autoComplete="email"
        className="form-grid__full"
      />
      <PasswordField
        {...field('password', mode === 'create' ? t('users.form.password') : t('users.form.newPassword'))}
        hint={mode === 'edit' ? t('users.form.passwordHint') : t('users.form.passwordInviteHint')}
      />
      <DropdownField {...field('role', t('users.form.role'))} options={roleOptions} />
      {mode === 'create' ? (
        <DropdownField
          {...field('language', t('users.form.language'))}
          options={languageOptions}
          hint={t('users.form.languageHint')}
        />
      ) : null}
      {mode === 'edit' ? (
        <SwitchField
          {...field('is_active', t('users.form.active'), 'user-active')}
          hint={t('users.form.activeHint')}
          className="form-grid__full"
        />
      ) : null}
    </div>
  );
}
