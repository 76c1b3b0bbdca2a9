import { Link, useSearch } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { InlineMessage } from '../../components/common/inline-message.tsx';
import { useAuth } from '../../machines/auth/auth-provider.tsx';
import { AuthFrame, PasswordInput } from './auth-frame.tsx';
import { translateLoginError } from './login-error.ts';

/** Why the sign-in page was opened from a password page: the notice it shows above the form. */
export type LoginNotice = 'password-set' | 'password-reset';

const NOTICES = { 'password-set': 'login.passwordSet', 'password-reset': 'login.passwordReset' } as const;

/**
 * The login screen. The router redirects once the session is signed in. Plain inputs and buttons with
 * the theme's classes: the first load needs no PrimeReact component. main.tsx loads the app shell
 * and the dashboard while the sign-in request runs. After a password was set with an emailed link,
 * it opens with the account's email filled in and says so.
 */
export function LoginScreen() {
  const { t } = useTranslation();
  // The route's search (router.tsx validates it): an email and a notice from a password page.
  const { email: givenEmail, notice } = useSearch({ strict: false }) as {
    email?: string;
    notice?: LoginNotice;
  };
  const { login, isLoading, errorCode, clearError } = useAuth();
  const [email, setEmail] = useState(givenEmail ?? '');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const canSubmit = email.trim() !== '' && password !== '' && !isLoading;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmit) return;
    login(email.trim(), password);
  };

  return (
    <AuthFrame>
      <form className="login__form" onSubmit={submit} noValidate>
        <h2>{t('login.title')}</h2>
        <p className="login__subtitle">{t('login.subtitle')}</p>
        {notice && !errorCode ? (
          <InlineMessage severity="info" role="status" text={t(NOTICES[notice])} className="login__alert" />
        ) : null}
        {errorCode ? (
          <InlineMessage severity="error" text={translateLoginError(t, errorCode)} className="login__alert" />
        ) : null}
        <div className="form-field">
          <label htmlFor="login-email">{t('login.email')}</label>
          <input
            className="p-inputtext p-component"
            id="login-email"
            type="email"
            autoComplete="username"
            autoFocus={!givenEmail}
            value={email}
            onChange={(e) => {
              setEmail(e.target.value);
              if (errorCode) clearError();
            }}
          />
        </div>
        <div className="form-field">
          <label htmlFor="login-password">{t('login.password')}</label>
          <PasswordInput
            id="login-password"
            autoComplete="current-password"
            value={password}
            onChange={(value) => {
              setPassword(value);
              if (errorCode) clearError();
            }}
            shown={showPassword}
            onToggle={() => setShowPassword((v) => !v)}
            autoFocus={Boolean(givenEmail)}
          />
        </div>
        <button
          type="submit"
          className={`p-button p-component login__submit${canSubmit ? '' : ' p-disabled'}`}
          disabled={!canSubmit}
          aria-busy={isLoading || undefined}
        >
          {isLoading ? (
            <span className="p-button-icon p-button-icon-left pi pi-spin pi-spinner" aria-hidden="true" />
          ) : null}
          <span className="p-button-label">{t('login.signIn')}</span>
        </button>
        <Link
          to="/forgot-password"
          search={email.trim() ? { email: email.trim() } : {}}
          className="login__link"
        >
          {t('login.forgotPassword')}
        </Link>
      </form>
    </AuthFrame>
  );
}
