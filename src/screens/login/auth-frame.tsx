import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguagePicker } from '../../components/layout/language-picker.tsx';

/**
 * The signed-out pages' frame (sign-in, forgot password, set a password): the brand panel beside
 * the form, the language menu above it. Plain elements with the theme's classes: no PrimeReact.
 */
export function AuthFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
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
        {children}
      </section>
    </main>
  );
}

/** A plain-element password input with its show/hide button (the sign-in page's). */
export function PasswordInput(props: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete: string;
  shown: boolean;
  onToggle: () => void;
  describedBy?: string;
  invalid?: boolean;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="p-inputgroup">
      <input
        className={`p-inputtext p-component${props.invalid ? ' p-invalid' : ''}`}
        id={props.id}
        type={props.shown ? 'text' : 'password'}
        autoComplete={props.autoComplete}
        value={props.value}
        aria-describedby={props.describedBy}
        aria-invalid={props.invalid || undefined}
        autoFocus={props.autoFocus}
        onChange={(e) => props.onChange(e.target.value)}
      />
      <button
        type="button"
        className="p-button p-component p-button-icon-only p-button-outlined p-button-secondary"
        aria-label={props.shown ? t('login.hidePassword') : t('login.showPassword')}
        aria-pressed={props.shown}
        onClick={props.onToggle}
      >
        <span className={`p-button-icon pi ${props.shown ? 'pi-eye-slash' : 'pi-eye'}`} aria-hidden="true" />
      </button>
    </div>
  );
}
