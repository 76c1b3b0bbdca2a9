import { Dropdown } from 'primereact/dropdown';
import { InputSwitch } from 'primereact/inputswitch';
import { InputText } from 'primereact/inputtext';
import { Password } from 'primereact/password';
import { type Control, Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../components/common/form-field.tsx';
import type { Role } from '../../domain/permissions.ts';
import type { UserFormMode, UserFormValues } from './user-form.schema.ts';

type Props = {
  mode: UserFormMode;
  control: Control<UserFormValues>;
  roles: readonly Role[];
};

type TextField = 'first_name' | 'last_name' | 'email';

export function UserFormFields({ mode, control, roles }: Props) {
  const { t } = useTranslation();
  const roleOptions = roles.map((role) => ({ label: t(`roles.${role}`), value: role }));
  const textField = (name: TextField, label: string, type = 'text', autoComplete = 'off') => (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <FormField id={`user-${name}`} label={label} error={fieldState.error?.message}>
          <InputText
            id={`user-${name}`}
            {...field}
            type={type}
            autoComplete={autoComplete}
            invalid={Boolean(fieldState.error)}
            aria-invalid={Boolean(fieldState.error)}
          />
        </FormField>
      )}
    />
  );

  return (
    <div className="form-grid">
      {textField('first_name', t('users.form.firstName'), 'text', 'given-name')}
      {textField('last_name', t('users.form.lastName'), 'text', 'family-name')}
      <div className="form-grid__full">{textField('email', t('users.form.email'), 'email', 'email')}</div>
      <Controller
        name="password"
        control={control}
        render={({ field, fieldState }) => (
          <FormField
            id="user-password"
            label={mode === 'create' ? t('users.form.password') : t('users.form.newPassword')}
            error={fieldState.error?.message}
            hint={mode === 'edit' ? t('users.form.passwordHint') : undefined}
          >
            <Password
              inputId="user-password"
              {...field}
              feedback={false}
              toggleMask
              autoComplete="new-password"
              invalid={Boolean(fieldState.error)}
            />
          </FormField>
        )}
      />
      <Controller
        name="role"
        control={control}
        render={({ field, fieldState }) => (
          <FormField id="user-role" label={t('users.form.role')} error={fieldState.error?.message}>
            <Dropdown
              inputId="user-role"
              value={field.value}
              onChange={(e) => field.onChange(e.value)}
              onBlur={field.onBlur}
              options={roleOptions}
              invalid={Boolean(fieldState.error)}
            />
          </FormField>
        )}
      />
      {mode === 'edit' ? (
        <Controller
          name="is_active"
          control={control}
          render={({ field }) => (
            <div className="form-grid__full form-switch">
              <InputSwitch
                inputId="user-active"
                checked={field.value}
                onChange={(e) => field.onChange(e.value)}
              />
              <div>
                <label htmlFor="user-active">{t('users.form.active')}</label>
                <small className="form-field__hint">{t('users.form.activeHint')}</small>
              </div>
            </div>
          )}
        />
      ) : null}
    </div>
  );
}
