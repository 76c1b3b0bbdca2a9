import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorDetailsOf, isApiError } from '../../api/api-error.ts';
import { acceptInvitation, completePasswordReset, inspectPasswordLink } from '../../api/gen/auth/auth.ts';
import { InlineMessage } from '../../components/common/inline-message.tsx';
import { LIMITS } from '../../domain/validation.ts';
import { AuthFrame, PasswordInput } from '../login/auth-frame.tsx';

type Purpose = 'invitation' | 'password_reset';
/** What is wrong with a link, as the server's error code says. */
const LINK_PROBLEMS = { LINK_INVALID: 'invalid', LINK_EXPIRED: 'expired', LINK_USED: 'used' } as const;
type LinkProblem = (typeof LINK_PROBLEMS)[keyof typeof LINK_PROBLEMS];

const linkProblemOf = (error: unknown): LinkProblem | undefined =>
  isApiError(error) ? LINK_PROBLEMS[error.code as keyof typeof LINK_PROBLEMS] : undefined;

/** /set-password?token=… (an invitation) and /reset-password?token=… (a reset): the same page. */
export function SetPasswordScreen() {
  return <PasswordLinkPage purpose="invitation" />;
}
export function ResetPasswordScreen() {
  return <PasswordLinkPage purpose="password_reset" />;
}

/**
 * Reads what the link is for (whose account, still good?) before showing the form, so a spent or
 * expired link says so at once; then sets the password and opens the sign-in page with the email.
 */
function PasswordLinkPage({ purpose }: { purpose: Purpose }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { token = '' } = useSearch({ strict: false }) as { token?: string };
  const link = useQuery({
    queryKey: ['password-link', purpose, token],
    queryFn: ({ signal }) => inspectPasswordLink({ token, purpose }, undefined, signal),
    enabled: token !== '',
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [shown, setShown] = useState(false);
  const [touched, setTouched] = useState(false);
  const [saving, setSaving] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [spent, setSpent] = useState<LinkProblem | null>(null);

  const tooShort = password.length < LIMITS.passwordMin;
  const mismatch = confirm !== password;
  const passwordError = touched && tooShort ? t('validation.minLength', { min: LIMITS.passwordMin }) : null;
  const confirmError = touched && !tooShort && mismatch ? t('passwordLinks.set.mismatch') : null;
  const problem: LinkProblem | null = token === '' ? 'invalid' : (spent ?? linkProblemOf(link.error) ?? null);
  const reset = purpose === 'password_reset';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (tooShort || mismatch || saving) return;
    setSaving(true);
    setServerError(null);
    try {
      const use = reset ? completePasswordReset : acceptInvitation;
      const { email } = await use({ token, password });
      await navigate({ to: '/login', search: { email, notice: reset ? 'password-reset' : 'password-set' } });
    } catch (error) {
      const linkProblem = linkProblemOf(error);
      if (linkProblem) setSpent(linkProblem);
      else
        setServerError(
          errorDetailsOf(error).find((d) => d.field === 'password')?.message ?? t('passwordLinks.set.failed'),
        );
    } finally {
      setSaving(false);
    }
  };

  const title = t(reset ? 'passwordLinks.set.resetTitle' : 'passwordLinks.set.invitationTitle');
  if (problem || link.isError) {
    return (
      <AuthFrame>
        <div className="login__form">
          <h2>{title}</h2>
          <InlineMessage
            severity="error"
            text={t(`passwordLinks.set.${problem ?? 'invalid'}`)}
            className="login__alert"
          />
          {reset ? (
            <Link to="/forgot-password" className="login__link">
              {t('passwordLinks.set.askReset')}
            </Link>
          ) : (
            <p className="login__subtitle">{t('passwordLinks.set.askAdmin')}</p>
          )}
          <Link to="/login" className="login__link">
            {t('passwordLinks.forgot.backToSignIn')}
          </Link>
        </div>
      </AuthFrame>
    );
  }
  if (!link.data) {
    return (
      <AuthFrame>
        <p className="login__form" role="status">
          {t('passwordLinks.set.checking')}
        </p>
      </AuthFrame>
    );
  }
  const { email, first_name: name } = link.data;
  return (
    <AuthFrame>
      <form className="login__form" onSubmit={submit} noValidate>
        <h2>{title}</h2>
        <p className="login__subtitle">
          {reset
            ? t('passwordLinks.set.resetSubtitle', { email })
            : t('passwordLinks.set.invitationSubtitle', { name, email })}
        </p>
        {serverError ? <InlineMessage severity="error" text={serverError} className="login__alert" /> : null}
        {/* The account's name for password managers, which save the new password under it. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <div className="form-field">
          <label htmlFor="new-password">{t('passwordLinks.set.password')}</label>
          <PasswordInput
            id="new-password"
            autoComplete="new-password"
            value={password}
            onChange={setPassword}
            shown={shown}
            onToggle={() => setShown((v) => !v)}
            describedBy="new-password-hint"
            invalid={Boolean(passwordError)}
            autoFocus
          />
          <p id="new-password-hint" className={passwordError ? 'login__error' : 'login__hint'}>
            {passwordError ?? t('passwordLinks.set.rules', { min: LIMITS.passwordMin })}
          </p>
        </div>
        <div className="form-field">
          <label htmlFor="confirm-password">{t('passwordLinks.set.confirm')}</label>
          <input
            className={`p-inputtext p-component${confirmError ? ' p-invalid' : ''}`}
            id="confirm-password"
            type={shown ? 'text' : 'password'}
            autoComplete="new-password"
            value={confirm}
            aria-invalid={Boolean(confirmError) || undefined}
            aria-describedby={confirmError ? 'confirm-password-error' : undefined}
            onChange={(e) => setConfirm(e.target.value)}
          />
          {confirmError ? (
            <p id="confirm-password-error" className="login__error">
              {confirmError}
            </p>
          ) : null}
        </div>
        <button
          type="submit"
          className={`p-button p-component login__submit${saving ? ' p-disabled' : ''}`}
          disabled={saving}
          aria-busy={saving || undefined}
        >
          {saving ? (
            <span className="p-button-icon p-button-icon-left pi pi-spin pi-spinner" aria-hidden="true" />
          ) : null}
          <span className="p-button-label">{t('passwordLinks.set.submit')}</span>
        </button>
      </form>
    </AuthFrame>
  );
}
