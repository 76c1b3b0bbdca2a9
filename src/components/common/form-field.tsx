import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { translateFormMessage } from './form-message.ts';

type Props = {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  /** Layout classes, e.g. 'form-grid__full'. */
  className?: string;
  children: ReactNode;
};

/** Label, control, and either the field's (translated) error or a hint below it. */
export function FormField({ id, label, error, hint, className, children }: Props) {
  const { t } = useTranslation();
  return (
    <div className={`form-field${className ? ` ${className}` : ''}`}>
      <label htmlFor={id}>{label}</label>
      {children}
      {error ? (
        <small id={`${id}-error`} className="p-error" role="alert">
          {translateFormMessage(t, error)}
        </small>
      ) : hint ? (
        <small id={`${id}-hint`} className="form-field__hint">
          {hint}
        </small>
      ) : null}
    </div>
  );
}
