/**
 * A refusal in the worker's words: the conflicts they must understand (status changed elsewhere,
 * task blocked, position inactive...) by their code, anything else with the server's own message.
 */
import type { TFunction } from 'i18next';
import { WORK_ENTRY_STATUSES } from '../../domain/work-entries.ts';
import type { EntryStatus } from '../api/field-types.ts';
import { KNOWN_REFUSALS, type OutboxError } from '../outbox/outbox-items.ts';

type Known = (typeof KNOWN_REFUSALS)[number];

/** The blocking tasks' names a TASK_BLOCKED refusal carries (details[].params.task_names). */
function blockers(details: unknown): string {
  if (!Array.isArray(details)) return '';
  const names = details.map((d) => (d as { params?: { task_names?: unknown } })?.params?.task_names);
  return names.filter((n): n is string => typeof n === 'string' && n !== '').join(', ');
}

/** The entry's status now, which a refused status change carries (details[].params.current_status). */
function currentStatus(details: unknown): EntryStatus | null {
  if (!Array.isArray(details)) return null;
  for (const d of details) {
    const status = (d as { params?: { current_status?: unknown } })?.params?.current_status;
    if (typeof status === 'string' && (WORK_ENTRY_STATUSES as readonly string[]).includes(status))
      return status as EntryStatus;
  }
  return null;
}

export function refusalText(error: Pick<OutboxError, 'code' | 'message' | 'details'>, t: TFunction): string {
  // The server names a refused status change INVALID_TRANSITION; the contract calls it STATUS_CONFLICT.
  if (error.code === 'STATUS_CONFLICT' || error.code === 'INVALID_TRANSITION') {
    const now = currentStatus(error.details);
    return now
      ? t('field.errors.STATUS_CONFLICT_NOW', { status: t(`field.entryStatus.${now}`) })
      : t('field.errors.STATUS_CONFLICT');
  }
  if ((KNOWN_REFUSALS as readonly string[]).includes(error.code)) {
    const names = blockers(error.details);
    if (error.code === 'TASK_BLOCKED' && names) return t('field.errors.TASK_BLOCKED_BY', { tasks: names });
    return t(`field.errors.${error.code as Known}`);
  }
  return error.message || t('field.errors.unknown');
}
