import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageMenu } from '../../components/layout/language-menu.tsx';
import { useAuth } from '../../machines/auth/auth-provider.tsx';
import { translateLoginError } from './login-error.ts';

/** Spec §2 Login. The router redirects once the session is signed in. */
export function LoginScreen() {
  const { t } = useTranslation();
  const { login, isLoading, errorCode, clearError } = useAuth();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const canSubmit = email.trim() !== '' && password !== '' && !isLoading;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (canSubmit) login(email.trim(), password);
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
          <LanguageMenu />
        </div>
        <form className="login__form" onSubmit={submit} noValidate>
          <h2>{t('login.title')}</h2>
          <p className="login__subtitle">{t('login.subtitle')}</p>
          {errorCode ? (
            <Message
              severity="error"
              text={translateLoginError(t, errorCode)}
              className="login__alert"
              role="alert"
            />
          ) : null}
          <div className="form-field">
            <label htmlFor="login-email">{t('login.email')}</label>
            <InputText
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
              <InputText
                id="login-password"
                type={showPassword ? 'text' : 'password'}
                autoComplete="current-password"
                value={password}
                onChange={(e) => {
                  setPassword(e.target.value);
                  if (errorCode) clearError();
                }}
              />
              <Button
                type="button"
                icon={showPassword ? 'pi pi-eye-slash' : 'pi pi-eye'}
                outlined
                severity="secondary"
                aria-label={showPassword ? t('login.hidePassword') : t('login.showPassword')}
                aria-pressed={showPassword}
                onClick={() => setShowPassword((v) => !v)}
              />
            </div>
          </div>
          <Button
            type="submit"
            label={t('login.signIn')}
            loading={isLoading}
            disabled={!canSubmit}
            className="login__submit"
          />
        </form>
      </section>
    </main>
  );
}
