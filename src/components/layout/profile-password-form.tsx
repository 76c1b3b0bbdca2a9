/**
 * Changing one's own password (POST /auth/me/password): the current password is required; the
 * server ends the user's other sessions and keeps this one. A wrong current password comes back
 * on its field; too many wrong ones lock it like a sign-in (429).
 */
import { yupResolver } from '@hookform/resolvers/yup';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error.ts';
import { useChangeMyPassword } from '../../api/gen/auth/auth.ts';
import { fieldsOf, PasswordField } from '../common/form-inputs.tsx';
import { formMessage } from '../common/form-message.ts';
import { applyServerErrors } from '../common/server-errors.ts';
import { useNotify } from '../notify/notify-context.ts';
import {
  EMPTY_PASSWORDS,
  PASSWORD_FIELDS,
  type PasswordValues,
  passwordSchema,
} from './profile-forms.schema.ts';

export function ProfilePasswordForm() {
  const { t } = useTranslation();
  const notify = useNotify();
  const changePassword = useChangeMyPassword();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<PasswordValues>({
    resolver: yupResolver(passwordSchema),
    defaultValues: EMPTY_PASSWORDS,
  });

  const onSubmit = form.handleSubmit(async ({ current_password, new_password }) => {
    setFailure(null);
    try {
      await changePassword.mutateAsync({ data: { current_password, new_password } });
      form.reset(EMPTY_PASSWORDS);
      notify.success(t('account.passwordChanged'));
    } catch (error) {
      if (isApiError(error) && error.status === 429) return setFailure(t('account.tooManyAttempts'));
      const overrides = { currentPassword: formMessage('account.wrongCurrentPassword') };
      if (!applyServerErrors(error, form.setError, PASSWORD_FIELDS, overrides))
        setFailure(t('account.passwordFailed'));
    }
  });

  const field = fieldsOf(form.control, 'profile');
  return (
    <form className="profile-form" onSubmit={onSubmit} noValidate aria-labelledby="profile-password-title">
      <h3 id="profile-password-title">{t('account.passwordTitle')}</h3>
      {failure ? <Message severity="error" text={failure} className="form-alert" role="alert" /> : null}
      <div className="form-grid">
        <PasswordField
          {...field('current_password', t('account.currentPassword'), 'profile-current-password')}
          autoComplete="current-password"
          className="form-grid__full"
        />
        <PasswordField {...field('new_password', t('account.newPassword'), 'profile-new-password')} />
        <PasswordField
          {...field('confirm_password', t('account.confirmPassword'), 'profile-confirm-password')}
        />
      </div>
      <small className="form-field__hint">{t('account.passwordHint')}</small>
      <div className="profile-form__actions">
        <Button
          type="submit"
          label={t('account.changePassword')}
          icon="pi pi-lock"
          loading={form.formState.isSubmitting}
        />
      </div>
    </form>
  );
}
