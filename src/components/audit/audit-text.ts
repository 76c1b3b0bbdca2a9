/**
 * How the audit log reads in the console: an action as words ("Position updated"), a record as its
 * kind and id, and a field's value as a cell shows it. Pure functions of the translator, so the
 * Audit log screen and a record's History panel say the same.
 */
import type { TFunction } from 'i18next';
import type { AuditEventList } from '../../api/gen/model';
import { AUDIT_ENTITY_TYPES, type AuditEntityType } from '../../domain/audit.ts';

export const isAuditEntityType = (value: string): value is AuditEntityType =>
  (AUDIT_ENTITY_TYPES as readonly string[]).includes(value);

/** A kind of record in words; a kind the console does not know keeps its API name. */
export function entityTypeLabel(t: TFunction, type: string): string {
  return isAuditEntityType(type) ? t(`auditLog.entityTypes.${type}`) : type;
}

/** 'position.update' → 'Position updated'; 'auth.login' → 'Signed in'. Unknown verbs keep their code. */
export function actionLabel(t: TFunction, action: string, exists: (key: string) => boolean): string {
  const dot = action.indexOf('.');
  const prefix = dot === -1 ? '' : action.slice(0, dot);
  const verb = dot === -1 ? action : action.slice(dot + 1);
  const verbKey = `auditLog.verbs.${verb}`;
  const words = exists(verbKey) ? t(verbKey as never) : verb.replace(/_/g, ' ');
  if (isAuditEntityType(prefix)) return `${entityTypeLabel(t, prefix)} ${words}`;
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** 'Position #12', or the kind alone for an event without one record (an import). */
export function entityLabel(t: TFunction, type: string, id: string | null): string {
  const kind = entityTypeLabel(t, type);
  return id === null ? kind : `${kind} #${id}`;
}

/** An actor as the log names them: 'system' is the console's word for jobs. */
export function actorLabel(t: TFunction, event: { actor_id: number | null; actor_name: string }): string {
  return event.actor_id === null && event.actor_name === 'system' ? t('auditLog.system') : event.actor_name;
}

export type ShownValue = { kind: 'empty' } | { kind: 'text'; text: string };

/**
 * A field's old or new value as text: empty for null and '' (shown as "(empty)"), Yes/No for a
 * boolean, a list of plain values joined by commas, anything else as compact JSON.
 */
export function shownValue(t: TFunction, value: unknown): ShownValue {
  if (value === null || value === undefined || value === '') return { kind: 'empty' };
  if (typeof value === 'boolean')
    return { kind: 'text', text: value ? t('auditLog.diff.yes') : t('auditLog.diff.no') };
  if (typeof value === 'string' || typeof value === 'number') return { kind: 'text', text: String(value) };
  if (Array.isArray(value) && value.every((v) => typeof v === 'string' || typeof v === 'number')) {
    return value.length ? { kind: 'text', text: value.join(', ') } : { kind: 'empty' };
  }
  return { kind: 'text', text: JSON.stringify(value) };
}

/** The list operation's JSON answer (the same operation answers CSV when asked for it). */
export const asEventList = (data: AuditEventList | string | undefined): AuditEventList | undefined =>
  typeof data === 'object' ? data : undefined;
