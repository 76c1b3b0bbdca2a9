/**
 * What a restore's body may change (after a 409 TRASH_RESTORE_CONFLICT): a new value for the
 * field a unique index guards, checked as the record's own rules check it.
 */
import { normalizeEmail } from '#domain/email.ts';
import { GROUP_CODE_PATTERN } from '#domain/position-groups.ts';
import { positionFieldErrors } from '#domain/positions.ts';
import type { TrashType } from '#domain/trash.ts';
import { USER_GROUP_CODE_MAX, USER_GROUP_CODE_PATTERN } from '#domain/user-groups.ts';
import { EMAIL_REGEX, LIMITS } from '#domain/validation.ts';
import { type ErrorDetail, HttpError } from '../../lib/errors.ts';
import type { TrashRestoreInput } from '../../schemas/trash.ts';

/** The fields a restore may give a new value, per kind (the ones a unique index guards). */
export const NEW_VALUE_FIELDS: Partial<Record<TrashType, readonly (keyof TrashRestoreInput)[]>> = {
  user: ['email'],
  position: ['position_code', 'nfc_tag_id'],
  position_group: ['group_code'],
  user_group: ['group_code'],
  task_template: ['task_code'],
  task: ['task_code'],
};

/** The body's new values, checked as the record's own rules check them, as the row's columns. */
export function newValues(type: TrashType, row: Record<string, unknown>, body: TrashRestoreInput) {
  const allowed = NEW_VALUE_FIELDS[type] ?? [];
  const given = Object.entries(body).filter(([, v]) => v !== undefined) as [
    keyof TrashRestoreInput,
    unknown,
  ][];
  const problems: ErrorDetail[] = [];
  const values: Record<string, unknown> = {};
  for (const [field, raw] of given) {
    if (!allowed.includes(field)) {
      problems.push({ field, message: `A ${type.replace('_', ' ')} has no ${field}`, rule: 'unknown' });
      continue;
    }
    const value = typeof raw === 'string' ? raw.trim() || null : null;
    if (value === null && field !== 'nfc_tag_id') {
      problems.push({ field, message: 'A value is required', rule: 'required' });
      continue;
    }
    values[field] = value;
  }
  if (type === 'position' && problems.length === 0) {
    const merged = { ...row, ...values } as Record<string, string | null>;
    const found = positionFieldErrors({
      position_code: String(merged.position_code),
      position_name: String(merged.position_name),
      description: null,
      location_details: null,
      nfc_tag_id: merged.nfc_tag_id,
      coordinates: null,
      is_active: true,
    }).filter((p) => p.field in values);
    problems.push(...found);
  }
  const code = values.group_code;
  if (typeof code === 'string') {
    const [pattern, max] =
      type === 'user_group'
        ? [USER_GROUP_CODE_PATTERN, USER_GROUP_CODE_MAX]
        : [GROUP_CODE_PATTERN, LIMITS.codeMax];
    if (code.length < LIMITS.groupCodeMin || code.length > max || !new RegExp(pattern).test(code))
      problems.push({
        field: 'group_code',
        message: `${LIMITS.groupCodeMin}–${max} characters matching ${pattern}`,
        rule: 'pattern',
      });
  }
  if (typeof values.email === 'string') {
    if (!EMAIL_REGEX.test(values.email))
      problems.push({ field: 'email', message: 'Please enter a valid email address', rule: 'email' });
    values.email_normalized = normalizeEmail(values.email);
  }
  if (typeof values.task_code === 'string' && values.task_code.length < LIMITS.taskCodeMin)
    problems.push({
      field: 'task_code',
      message: `At least ${LIMITS.taskCodeMin} characters`,
      rule: 'minLength',
    });
  if (problems.length > 0)
    throw new HttpError(
      400,
      problems.length === 1 ? `${problems[0].field}: ${problems[0].message}` : 'Some fields are not valid',
      {
        code: 'VALIDATION_ERROR',
        details: problems,
      },
    );
  return values;
}
