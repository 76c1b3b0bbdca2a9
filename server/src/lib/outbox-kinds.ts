/**
 * Which audited changes are told outside (webhooks, notification emails) and under what name: the
 * outbox's event kinds. Pure: the audit writer (routes/audit-events/writer.ts) asks
 * this for each change it records and writes what it answers to the outbox in the same transaction.
 */
import type { AuditChanges, AuditInput } from './audit-record.ts';

/** The outbox dispatcher's worker name (jobs/outbox.ts), which requests that wrote an event wake. */
export const OUTBOX_WORKER = 'outbox';

export const OUTBOX_KINDS = [
  'work_entry.created',
  'work_entry.completed',
  'work_entry.failed',
  'visit.missed',
  'visit.late',
  'user.created',
  'user.deactivated',
  'settings.changed',
] as const;
export type OutboxKind = (typeof OUTBOX_KINDS)[number];

/** An event for the outbox, before the writer adds the site, actor and time. */
export interface OutboxDraft {
  kind: OutboxKind;
  entityType: string;
  entityId: string | null;
  data: Record<string, unknown>;
}

const newOf = (changes: AuditChanges | null | undefined, field: string): unknown => {
  const c = changes?.[field];
  return c && c !== 'changed' ? c.new : undefined;
};

/** The changed fields' new values (secrets left out), the record as far as the change tells it. */
function newValues(changes: AuditChanges | null | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [field, c] of Object.entries(changes ?? {})) if (c !== 'changed') out[field] = c.new;
  return out;
}

/** What an audited change means to the outside: none, or one event. */
export function outboxKindOf(event: AuditInput): OutboxKind | null {
  const status = newOf(event.changes, 'status');
  const active = newOf(event.changes, 'is_active');
  switch (event.action) {
    case 'work_entry.create':
      return 'work_entry.created';
    case 'work_entry.update':
      return status === 'completed'
        ? 'work_entry.completed'
        : status === 'failed'
          ? 'work_entry.failed'
          : null;
    case 'user.create':
      return 'user.created';
    case 'user.deactivate':
      return 'user.deactivated';
    case 'user.update':
      return active === false ? 'user.deactivated' : null;
    case 'site_settings.update':
      return 'settings.changed';
    default:
      return null;
  }
}

export function outboxDraftOf(event: AuditInput): OutboxDraft | null {
  const kind = outboxKindOf(event);
  if (!kind) return null;
  const entityId = event.id === undefined || event.id === null ? null : String(event.id);
  const data: Record<string, unknown> =
    kind === 'settings.changed'
      ? { changed: Object.keys(event.changes ?? {}) }
      : { id: entityId === null ? null : Number(entityId) || entityId, ...newValues(event.changes) };
  return { kind, entityType: event.entity, entityId, data };
}
