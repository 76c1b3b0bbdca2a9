import { Link, useSearch } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error.ts';
import { useRequestPasswordReset } from '../../api/gen/auth/auth.ts';
import { InlineMessage } from '../../components/common/inline-message.tsx';
import { toLanguage } from '../../i18n/languages.ts';
import { AuthFrame } from '../login/auth-frame.tsx';

type Outcome = 'sent' | 'rateLimited' | 'failed';

/**
 * Forgot password: asks for a reset link by email. The server answers the same whether or not the
 * address has an account, and so does this page.
 */
export function ForgotPasswordScreen() {
  const { t, i18n } = useTranslation();
  const { email: given } = useSearch({ strict: false }) as { email?: string };
  const [email, setEmail] = useState(given ?? '');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const request = useRequestPasswordReset();
  const canSubmit = email.trim() !== '' && !request.isPending;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmit) return;
    setOutcome(null);
    try {
      await request.mutateAsync({
        data: { email: email.trim(), language: toLanguage(i18n.resolvedLanguage) },
      });
      setOutcome('sent');
    } catch (error) {
      setOutcome(isApiError(error) && error.status === 429 ? 'rateLimited' : 'failed');
    }
  };

  return (
    <AuthFrame>
      <form className="login__form" onSubmit={submit} noValidate>
        <h2>{t('passwordLinks.forgot.title')}</h2>
        <p className="login__subtitle">{t('passwordLinks.forgot.subtitle')}</p>
        {outcome === 'sent' ? (
          <InlineMessage
            severity="info"
            role="status"
            text={t('passwordLinks.forgot.sent')}
            className="login__alert"
          />
        ) : outcome ? (
          <InlineMessage
            severity="error"
            text={t(`passwordLinks.forgot.${outcome}`)}
            className="login__alert"
          />
        ) : null}
        <div className="form-field">
          <label htmlFor="forgot-email">{t('passwordLinks.forgot.email')}</label>
          <input
            className="p-inputtext p-component"
            id="forgot-email"
            type="email"
            autoComplete="username"
            autoFocus
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </div>
        <button
          type="submit"
          className={`p-button p-component login__submit${canSubmit ? '' : ' p-disabled'}`}
          disabled={!canSubmit}
          aria-busy={request.isPending || undefined}
        >
          {request.isPending ? (
            <span className="p-button-icon p-button-icon-left pi pi-spin pi-spinner" aria-hidden="true" />
          ) : null}
          <span className="p-button-label">{t('passwordLinks.forgot.submit')}</span>
        </button>
        <Link to="/login" search={email.trim() ? { email: email.trim() } : {}} className="login__link">
          {t('passwordLinks.forgot.backToSignIn')}
        </Link>
      </form>
    </AuthFrame>
  );
}
