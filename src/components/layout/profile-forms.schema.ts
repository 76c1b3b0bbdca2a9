/**
 * The Profile dialog's two forms: the user's own name and language, and their
 * password. Limits from src/domain, the same the server's schema (schemas/account.ts) uses.
 */
import * as yup from 'yup';
import type { SessionUser } from '../../api/gen/model';
import { LANGUAGES, type Language } from '../../domain/languages.ts';
import { LIMITS } from '../../domain/validation.ts';
import { formMessage } from '../common/form-message.ts';

const required = formMessage('validation.required');
const min = (n: number) => formMessage('validation.minLength', { min: n });
const max = (n: number) => formMessage('validation.maxLength', { max: n });

const name = () =>
  yup
    .string()
    .trim()
    .required(required)
    .min(LIMITS.userNameMin, min(LIMITS.userNameMin))
    .max(LIMITS.nameMax, max(LIMITS.nameMax));

export const detailsSchema = yup.object({
  first_name: name(),
  last_name: name(),
  language: yup
    .string<Language>()
    .required(required)
    .oneOf([...LANGUAGES], required),
});

export type DetailsValues = yup.InferType<typeof detailsSchema>;

export const DETAILS_FIELDS = ['first_name', 'last_name', 'language'] as const;

/** The form on open: the saved language, else the one the console shows now. */
export function detailsValues(user: SessionUser, shownLanguage: Language): DetailsValues {
  return { first_name: user.first_name, last_name: user.last_name, language: user.language ?? shownLanguage };
}

export const passwordSchema = yup.object({
  current_password: yup.string().required(required).max(LIMITS.passwordMax, max(LIMITS.passwordMax)),
  new_password: yup
    .string()
    .required(required)
    .min(LIMITS.passwordMin, min(LIMITS.passwordMin))
    .max(LIMITS.passwordMax, max(LIMITS.passwordMax)),
  confirm_password: yup
    .string()
    .required(required)
    .oneOf([yup.ref('new_password')], formMessage('account.passwordsDiffer')),
});

export type PasswordValues = yup.InferType<typeof passwordSchema>;

export const PASSWORD_FIELDS = ['current_password', 'new_password'] as const;

export const EMPTY_PASSWORDS: PasswordValues = {
  current_password: '',
  new_password: '',
  confirm_password: '',
};
