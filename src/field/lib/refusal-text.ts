/**
 * A refusal in the worker's words: the conflicts they must understand (status changed elsewhere,
 * task blocked, position inactive...) by their code, anything else with the server's own message.
 */
import type { TFunction } from 'i18next';
import { KNOWN_REFUSALS, type OutboxError } from '../outbox/outbox-items.ts';

type Known = (typeof KNOWN_REFUSALS)[number];

/** The blocking tasks' names a TASK_BLOCKED refusal carries (details[].params.task_names). */
function blockers(details: unknown): string {
  if (!Array.isArray(details)) return '';
  const names = details.map((d) => (d as { params?: { task_names?: unknown } })?.params?.task_names);
  return names.filter((n): n is string => typeof n === 'string' && n !== '').join(', ');
}

export function refusalText(error: Pick<OutboxError, 'code' | 'message' | 'details'>, t: TFunction): string {
  if ((KNOWN_REFUSALS as readonly string[]).includes(error.code)) {
    const names = blockers(error.details);
    if (error.code === 'TASK_BLOCKED' && names) return t('field.errors.TASK_BLOCKED_BY', { tasks: names });
    return t(`field.errors.${error.code as Known}`);
  }
  return error.message || t('field.errors.unknown');
}
