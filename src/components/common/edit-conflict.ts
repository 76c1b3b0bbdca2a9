/**
 * A save refused because someone else saved the record first (409 EDIT_CONFLICT): the
 * fields they changed with their current values, and the version to save over them on purpose.
 */
import type { TFunction } from 'i18next';
import { isApiError } from '../../api/api-error.ts';

export interface EditConflict {
  /** API field → its value now. */
  changed: Record<string, unknown>;
  /** The record's current version (its updated_at), for a save that keeps the user's values. */
  version: string | null;
}

export function editConflictOf(error: unknown): EditConflict | null {
  if (!isApiError(error) || error.status !== 409 || error.code !== 'EDIT_CONFLICT') return null;
  const changed: Record<string, unknown> = {};
  let version: string | null = null;
  for (const detail of error.details) {
    if (detail.rule === 'version') version = typeof detail.value === 'string' ? detail.value : null;
    else if (detail.rule === 'edit_conflict') changed[detail.field] = detail.value;
  }
  return { changed, version };
}

/** A changed field's value as a line of text: empty, yes/no, a list, or the value itself. */
export function conflictValueText(t: TFunction, value: unknown): string {
  if (value === null || value === undefined || value === '') return t('common.editConflict.empty');
  if (typeof value === 'boolean') return value ? t('common.yes') : t('common.no');
  if (Array.isArray(value))
    return value.length
      ? value.map((v) => conflictValueText(t, v)).join(', ')
      : t('common.editConflict.empty');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
