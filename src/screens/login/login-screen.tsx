import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { InlineMessage } from '../../components/common/inline-message.tsx';
import { LanguagePicker } from '../../components/layout/language-picker.tsx';
import { useAuth } from '../../machines/auth/auth-provider.tsx';
import { translateLoginError } from './login-error.ts';

/**
 * Spec §2 Login. The router redirects once the session is signed in. Plain inputs and buttons with
 * the theme's classes: the first load needs no PrimeReact component. main.tsx loads the app shell
 * and the dashboard while the sign-in request runs.
 */
export function LoginScreen() {
  const { t } = useTranslation();
  const { login, isLoading, errorCode, clearError } = useAuth();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const canSubmit = email.trim() !== '' && password !== '' && !isLoading;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmit) return;
    login(email.trim(), password);
  };

  return (
    <main className="login">
      <aside className="login__brand">
        <div className="brand brand--large">
          <span className="brand__mark" aria-hidden="true">
            <i className="pi pi-tags" />
          </span>
          <span className="brand__name">{t('app.name')}</span>
        </div>
        <h1 className="login__welcome">{t('login.welcome')}</h1>
        <p className="login__description">{t('app.description')}</p>
      </aside>
      <section className="login__panel">
        <div className="login__language">
          <LanguagePicker />
        </div>
        <form className="login__form" onSubmit={submit} noValidate>
          <h2>{t('login.title')}</h2>
          <p className="login__subtitle">{t('login.subtitle')}</p>
          {errorCode ? (
            <InlineMessage
              severity="error"
              text={translateLoginError(t, errorCode)}
              className="login__alert"
            />
          ) : null}
          <div className="form-field">
            <label htmlFor="login-email">{t('login.email')}</label>
            <input
              className="p-inputtext p-component"
              id="login-email"
              type="email"
              autoComplete="username"
              autoFocus
              value={email}
              onChange={(e) => {
                setEmail(e.target.value);
                if (errorCode) clearError();
              }}
            />
          </div>
          <div className="form-field">
            <label htmlFor="login-password">{t('login.password')}</label>
            <div className="p-inputgroup">
              <input
                className="p-inputtext p-component"
                id="login-password"
                type={showPassword ? 'text' : 'password'}
                autoComplete="current-password"
                value={password}
                onChange={(e) => {
                  setPassword(e.target.value);
                  if (errorCode) clearError();
                }}
              />
              <button
                type="button"
                className="p-button p-component p-button-icon-only p-button-outlined p-button-secondary"
                aria-label={showPassword ? t('login.hidePassword') : t('login.showPassword')}
                aria-pressed={showPassword}
                onClick={() => setShowPassword((v) => !v)}
              >
                <span
                  className={`p-button-icon pi ${showPassword ? 'pi-eye-slash' : 'pi-eye'}`}
                  aria-hidden="true"
                />
              </button>
            </div>
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
        </form>
      </section>
    </main>
  );
}
