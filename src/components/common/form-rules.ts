/**
 * The yup rules resource forms share, with the translated messages (form-message.ts) and the
 * server's limits (src/domain): a form schema names its fields and picks rules from here.
 */
import * as yup from 'yup';
import { LIMITS } from '../../domain/validation.ts';
import { formMessage } from './form-message.ts';

export const requiredMessage = formMessage('validation.required');
export const minMessage = (n: number) => formMessage('validation.minLength', { min: n });
export const maxMessage = (n: number) => formMessage('validation.maxLength', { max: n });

/** Required text, trimmed, of `minLength` to `maxLength` characters. */
export const requiredText = (minLength: number, maxLength: number) =>
  yup
    .string()
    .trim()
    .required(requiredMessage)
    .min(minLength, minMessage(minLength))
    .max(maxLength, maxMessage(maxLength));

/** Optional text, trimmed, at most `maxLength` characters; '' when not given. */
export const optionalText = (maxLength: number = LIMITS.textMax) =>
  yup.string().trim().max(maxLength, maxMessage(maxLength)).default('');

/** Optional text that, when given, has at least `minLength` characters (e.g. an NFC id, a new password). */
export const optionalMinText = (minLength: number, maxLength: number) =>
  yup
    .string()
    .default('')
    .max(maxLength, maxMessage(maxLength))
    .test('minLength', minMessage(minLength), (v) => !v || v.length >= minLength);

/**
 * The request body's side of optionalText: these fields' empty text as null (the API's "none"),
 * e.g. `emptyAsNull(values, 'description')`.
 */
export function emptyAsNull<T extends object, K extends keyof T>(values: T, ...fields: K[]) {
  const body = { ...values } as Omit<T, K> & { [F in K]: Exclude<T[F], ''> | null };
  for (const field of fields) if (values[field] === '') (body as Record<K, unknown>)[field] = null;
  return body;
}

/** A form schema's field names: those a server error may name when the API calls them the same. */
export const schemaFields = <T extends yup.AnyObject>(schema: yup.ObjectSchema<T>) =>
  Object.keys(schema.fields) as (keyof T & string)[];

/** Position groups and user groups: the same name and code rules, the code's length aside. */
export const groupRules = {
  name: () => requiredText(LIMITS.groupNameMin, LIMITS.nameMax),
  code: (maxLength: number) =>
    yup
      .string()
      .required(requiredMessage)
      .min(LIMITS.groupCodeMin, minMessage(LIMITS.groupCodeMin))
      .max(maxLength, maxMessage(maxLength)),
  description: () => optionalText(LIMITS.textMax),
};
