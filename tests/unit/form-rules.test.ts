/** The shared yup rules: one set of messages and limits for every resource form. */
import { describe, expect, it } from 'vitest';
import type * as yup from 'yup';
import { formMessage } from '../../src/components/common/form-message.ts';
import {
  groupRules,
  optionalMinText,
  optionalText,
  requiredText,
} from '../../src/components/common/form-rules.ts';
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
});
