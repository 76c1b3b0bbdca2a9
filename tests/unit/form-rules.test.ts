/** The shared yup rules: one set of messages and limits for every resource form. */
import { describe, expect, it } from 'vitest';
import * as yup from 'yup';
import { formMessage } from '../../src/components/common/form-message.ts';
import {
  emptyAsNull,
  groupRules,
  optionalMinText,
  optionalText,
  requiredText,
} from '../../src/components/common/form-rules.ts';
import { recordValues } from '../../src/components/common/use-record-form.ts';
import { LIMITS } from '../../src/domain/validation.ts';

const problem = (schema: { validateSync(value: unknown): unknown }, value: unknown) => {
  try {
    schema.validateSync(value);
    return null;
  } catch (e) {
    return (e as yup.ValidationError).message;
  }
};

describe('form rules', () => {
  it('required text: trimmed, required, with its length limits', () => {
    const rule = requiredText(2, 5);
    expect(problem(rule, '  ')).toBe(formMessage('validation.required'));
    expect(problem(rule, ' a ')).toBe(formMessage('validation.minLength', { min: 2 }));
    expect(problem(rule, 'abcdef')).toBe(formMessage('validation.maxLength', { max: 5 }));
    expect(rule.validateSync(' abc ')).toBe('abc');
  });

  it('optional text: empty when not given; a minimum only when given', () => {
    expect(optionalText(3).validateSync(undefined)).toBe('');
    expect(problem(optionalText(3), 'abcd')).toBe(formMessage('validation.maxLength', { max: 3 }));
    const nfc = optionalMinText(4, 8);
    expect(problem(nfc, '')).toBeNull();
    expect(problem(nfc, 'abc')).toBe(formMessage('validation.minLength', { min: 4 }));
    expect(problem(nfc, 'abcd')).toBeNull();
  });

  it('group rules: the same name and code rules for position and user groups, the code length aside', () => {
    expect(problem(groupRules.name(), 'A')).toBe(
      formMessage('validation.minLength', { min: LIMITS.groupNameMin }),
    );
    expect(problem(groupRules.code(10), '')).toBe(formMessage('validation.required'));
    expect(problem(groupRules.code(10), 'a'.repeat(11))).toBe(
      formMessage('validation.maxLength', { max: 10 }),
    );
    expect(groupRules.description().validateSync(undefined)).toBe('');
  });

  it('a form opens on the record: its value for each field, else the field default, else empty text', () => {
    const schema = yup.object({
      name: requiredText(2, 50),
      description: optionalText(),
      ids: yup.array(yup.number().required()).required().default([]),
      count: yup.number(),
      is_active: yup.boolean().required().default(true),
    });
    expect(recordValues(schema, null)).toEqual({
      name: '',
      description: '',
      ids: [],
      count: undefined,
      is_active: true,
    });
    const record = { id: 9, name: 'Roof', description: null, ids: [4], count: 3, is_active: false };
    // The record's other properties (id) stay out of the form; null text opens as ''.
    expect(recordValues(schema, record)).toEqual({
      name: 'Roof',
      description: '',
      ids: [4],
      count: 3,
      is_active: false,
    });
  });

  it("a body sends the named fields' empty text as null and everything else as it is", () => {
    const values = { name: 'Roof', description: '', note: '' };
    expect(emptyAsNull(values, 'description')).toEqual({ name: 'Roof', description: null, note: '' });
    expect(emptyAsNull({ ...values, description: 'Top' }, 'description').description).toBe('Top');
    expect(values.description).toBe('');
  });
});
