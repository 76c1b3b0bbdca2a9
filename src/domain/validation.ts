/**
 * Validation limits and message keys shared by the console's yup schemas and the server's
 * TypeBox schemas, so a form and the API reject the same input with the same text.
 */

export const LIMITS = {
  userNameMin: 2,
  passwordMin: 6,
  positionCodeMin: 2,
  positionNameMin: 2,
  nfcTagMin: 4,
  taskCodeMin: 2,
  taskNameMin: 3,
  groupNameMin: 2,
  groupCodeMin: 2,
  /** Upper bounds the spec leaves open; generous, but they keep rows and indexes sane. */
  nameMax: 100,
  emailMax: 254,
  passwordMax: 128,
  textMax: 2000,
  codeMax: 50,
  /** A list's search text (users, position groups). */
  searchMax: 100,
} as const;

/** A simple email pattern; the same regular expression on both sides. */
export const EMAIL_PATTERN = '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$';
export const EMAIL_REGEX = new RegExp(EMAIL_PATTERN);

/** The generic validation messages, in English, with {{min}}/{{max}} placeholders (i18next style). */
export const MESSAGES = {
  required: 'This field is required',
  email: 'Please enter a valid email address',
  minLength: 'Minimum length is {{min}} characters',
  maxLength: 'Maximum length is {{max}} characters',
} as const;

export type MessageKey = keyof typeof MESSAGES;

export function formatMessage(key: MessageKey, params: Record<string, string | number> = {}): string {
  return MESSAGES[key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));
}
