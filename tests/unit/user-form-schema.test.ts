import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ValidationError } from 'yup';
import { translateFormMessage } from '../../src/components/common/form-message.ts';
import { resources } from '../../src/i18n/resources.ts';
import {
  toCreateBody,
  toUpdateBody,
  type UserFormMode,
  type UserFormValues,
  userFormSchema,
} from '../../src/screens/users/user-form.schema.ts';

const t = i18next.createInstance();
beforeAll(async () => {
  await t.init({ resources, lng: 'en', fallbackLng: 'en', interpolation: { escapeValue: false } });
});

const valid: UserFormValues = {
  first_name: 'Aino',
  last_name: 'Virtanen',
  email: 'aino@example.com',
  password: 'secret1',
  role: 'worker',
  is_active: true,
  language: null,
};

/** Every field's first error, translated to English as the form would show it. */
function errorsOf(mode: UserFormMode, values: Partial<UserFormValues>, lng = 'en'): Record<string, string> {
  try {
    userFormSchema(mode).validateSync({ ...valid, ...values }, { abortEarly: false });
    return {};
  } catch (error) {
    const out: Record<string, string> = {};
    for (const inner of (error as ValidationError).inner) {
      if (inner.path && !out[inner.path])
        out[inner.path] = translateFormMessage(t.getFixedT(lng), inner.message);
    }
    return out;
  }
}

describe('user form schema', () => {
  it('accepts a complete user on create and on edit', () => {
    expect(errorsOf('create', {})).toEqual({});
    expect(errorsOf('edit', {})).toEqual({});
  });

  it('requires first and last name with at least 2 characters', () => {
    expect(errorsOf('create', { first_name: '', last_name: '  ' })).toEqual({
      first_name: 'This field is required',
      last_name: 'This field is required',
    });
    expect(errorsOf('edit', { first_name: 'A', last_name: 'B' })).toEqual({
      first_name: 'Minimum length is 2 characters',
      last_name: 'Minimum length is 2 characters',
    });
  });

  it('limits names to the shared maximum', () => {
    expect(errorsOf('create', { first_name: 'x'.repeat(101) })).toEqual({
      first_name: 'Maximum length is 100 characters',
    });
  });

  it('requires a valid email', () => {
    expect(errorsOf('create', { email: '' })).toEqual({ email: 'This field is required' });
    expect(errorsOf('create', { email: 'not-an-email' })).toEqual({
      email: 'Please enter a valid email address',
    });
    expect(errorsOf('create', { email: 'a@b' })).toEqual({ email: 'Please enter a valid email address' });
  });

  it('allows an empty password on create (an invitation), but not a short one', () => {
    expect(errorsOf('create', { password: '' })).toEqual({});
    expect(errorsOf('create', { password: '12345' })).toEqual({ password: 'Minimum length is 6 characters' });
  });

  it('allows an empty password on edit, but not a short one', () => {
    expect(errorsOf('edit', { password: '' })).toEqual({});
    expect(errorsOf('edit', { password: '123' })).toEqual({ password: 'Minimum length is 6 characters' });
  });

  it('requires a role, and only one the viewer may assign', () => {
    expect(errorsOf('create', { role: undefined })).toEqual({ role: 'This field is required' });
    expect(() =>
      userFormSchema('create', ['manager', 'worker']).validateSync({ ...valid, role: 'admin' }),
    ).toThrow();
  });

  it('shows the messages in Finnish and Swedish', () => {
    expect(errorsOf('create', { first_name: 'A' }, 'fi')).toEqual({
      first_name: 'Vähimmäispituus on 2 merkkiä',
    });
    expect(errorsOf('create', { email: '' }, 'sv')).toEqual({ email: 'Fältet är obligatoriskt' });
  });
});

describe('user form payloads', () => {
  it('sends the password on create', () => {
    const values = userFormSchema('create').cast({ ...valid, first_name: '  Aino ' });
    expect(toCreateBody(values)).toEqual({
      first_name: 'Aino',
      last_name: 'Virtanen',
      email: 'aino@example.com',
      password: 'secret1',
      role: 'worker',
    });
  });

  it('invites on create without a password, in the chosen language', () => {
    const body = toCreateBody(userFormSchema('create').cast({ ...valid, password: '', language: 'fi' }));
    expect(body).not.toHaveProperty('password');
    expect(body.language).toBe('fi');
    expect(toUpdateBody(userFormSchema('edit').cast({ ...valid, language: 'fi' }))).not.toHaveProperty(
      'language',
    );
  });

  it('leaves an empty password out on edit', () => {
    const body = toUpdateBody(userFormSchema('edit').cast({ ...valid, password: '', is_active: false }));
    expect(body).not.toHaveProperty('password');
    expect(body.is_active).toBe(false);
    expect(toUpdateBody(userFormSchema('edit').cast(valid)).password).toBe('secret1');
  });

  it('sends a custom role as custom_role_id beside the least built-in role', () => {
    const schema = userFormSchema('create', ['worker', 'custom:12']);
    expect(toCreateBody(schema.cast({ ...valid, role: 'custom:12' }))).toMatchObject({
      role: 'worker',
      custom_role_id: 12,
    });
    expect(() => schema.validateSync({ ...valid, role: 'custom:13' })).toThrow();
  });

  it('takes a custom role away on edit when a built-in one is picked', () => {
    expect(toUpdateBody(userFormSchema('edit').cast({ ...valid, role: 'manager' }))).toMatchObject({
      role: 'manager',
      custom_role_id: null,
    });
  });
});
