/** Server field errors onto form fields: which field, which message, and when the generic alert shows. */
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/api-error.ts';
import type { ErrorDetail } from '../../src/api/gen/model';
import { formMessage, translateFormMessage } from '../../src/components/common/form-message.ts';
import { applyServerErrors, detailToFormMessage } from '../../src/components/common/server-errors.ts';
import { resources } from '../../src/i18n/resources.ts';

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.init({ resources, lng: 'en', fallbackLng: 'en', interpolation: { escapeValue: false } });
});
const show = (message: string | undefined) => translateFormMessage(i18n.getFixedT('en'), message);

const conflict = (details: ErrorDetail[]) =>
  new ApiError(409, { statusCode: 409, error: 'Conflict', message: 'Conflict', code: 'CONFLICT', details });

/** What the form's setError received, translated as the field would show it. */
function applied(error: unknown, fields: Parameters<typeof applyServerErrors>[2], overrides = {}) {
  const shown: Record<string, string> = {};
  const matched = applyServerErrors(
    error,
    (field, { message }) => {
      shown[field] = show(message);
    },
    fields,
    overrides,
  );
  return { matched, shown };
}

describe('detailToFormMessage', () => {
  it('translates the generic rules with their parameters', () => {
    expect(show(detailToFormMessage({ field: 'email', message: 'x', rule: 'required' }))).toBe(
      'This field is required',
    );
    expect(
      show(detailToFormMessage({ field: 'first_name', message: 'x', rule: 'minLength', params: { min: 2 } })),
    ).toBe('Minimum length is 2 characters');
    expect(show(detailToFormMessage({ field: 'email', message: 'x', rule: 'email' }))).toBe(
      'Please enter a valid email address',
    );
  });

  it('keeps the server text for other rules, and for a generic rule missing its parameter', () => {
    expect(show(detailToFormMessage({ field: 'role', message: 'Must be one of: a, b', rule: 'enum' }))).toBe(
      'Must be one of: a, b',
    );
    expect(show(detailToFormMessage({ field: 'code', message: 'Too short', rule: 'minLength' }))).toBe(
      'Too short',
    );
  });

  it('prefers a field-and-rule override to a rule override', () => {
    const overrides = { unique: formMessage('users.emailTaken'), 'first_name.unique': 'validation.required' };
    expect(show(detailToFormMessage({ field: 'email', message: 'taken', rule: 'unique' }, overrides))).toBe(
      'A user with this email already exists',
    );
    expect(show(detailToFormMessage({ field: 'first_name', message: 'x', rule: 'unique' }, overrides))).toBe(
      'This field is required',
    );
  });
});

describe('applyServerErrors', () => {
  it('puts the first message of each known field on it and says a field matched', () => {
    const error = conflict([
      { field: 'email', message: 'A user with this email already exists', rule: 'unique' },
      { field: 'email', message: 'second' },
      { field: 'first_name', message: 'x', rule: 'minLength', params: { min: 2 } },
      { field: 'site_id', message: 'not on the form' },
    ]);
    expect(applied(error, ['email', 'first_name'])).toEqual({
      matched: true,
      shown: { email: 'A user with this email already exists', first_name: 'Minimum length is 2 characters' },
    });
  });

  it('maps API field names onto differently named form fields', () => {
    const error = conflict([{ field: 'position_code', message: 'A position with this code already exists' }]);
    expect(applied(error, { position_code: 'code' })).toEqual({
      matched: true,
      shown: { code: 'A position with this code already exists' },
    });
  });

  it('reports no match when no detail names a form field, or the error is not an API answer', () => {
    expect(applied(conflict([{ field: 'other', message: 'x' }]), ['email']).matched).toBe(false);
    expect(
      applied(new ApiError(500, { statusCode: 500, error: 'x', message: 'boom' }), ['email']).matched,
    ).toBe(false);
    expect(applied(new Error('offline'), ['email']).matched).toBe(false);
  });
});
