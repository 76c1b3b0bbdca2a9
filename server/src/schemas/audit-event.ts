/** The audit log: one event, the filtered list (keyset pages or CSV) and the chain check. */
import { type Static, Type } from '@sinclair/typebox';
import { AUDIT_ENTITY_TYPES, AUDIT_PAGE_DEFAULT, AUDIT_PAGE_MAX } from '#domain/audit.ts';
import { IdParam, Nullable } from './common.ts';

const EntityType = () => Type.Union(AUDIT_ENTITY_TYPES.map((t) => Type.Literal(t)));

const FieldChange = Type.Union([
  Type.Object({ old: Type.Unknown(), new: Type.Unknown() }, { additionalProperties: false }),
  Type.Literal('changed', { description: 'A secret (password hash, token): its values are never shown' }),
]);

export const AuditEvent = Type.Object(
  {
    id: Type.Integer(),
    at: Type.String({ format: 'date-time' }),
    /** Null for the system (jobs) and for a failed sign-in. */
    actor_id: Nullable(Type.Integer()),
    /** The actor's name as it was then, 'system', or a failed sign-in's attempted email. */
    actor_name: Type.String(),
    action: Type.String({ description: '<entity>.<verb>, e.g. position.update, auth.login_failed' }),
    entity_type: Type.String(),
    /** The record's id as text (an assignment's is position_id:task_id); null for a bulk import. */
    entity_id: Nullable(Type.String()),
    changes: Nullable(
      Type.Record(Type.String(), FieldChange, { description: 'Changed fields: old and new values' }),
    ),
    /** What is not a field change: a bulk operation's counts and the ids it touched. */
    details: Nullable(Type.Record(Type.String(), Type.Unknown())),
    request_id: Nullable(Type.String()),
    client: Nullable(Type.String()),
    hash: Nullable(
      Type.String({
        description:
          'sha256 of the previous event’s hash and this event’s content; null for a moment after the event is written, until it is sealed into the chain',
      }),
    ),
  },
  { $id: 'AuditEvent' },
);

export const AuditEventListQuery = Type.Object(
  {
    entity_type: Type.Optional(EntityType()),
    entity_id: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    actor_id: Type.Optional(IdParam),
    action: Type.Optional(Type.String({ minLength: 1, maxLength: 100, pattern: '^[a-z_]+\\.[a-z_]+$' })),
    from: Type.Optional(
      Type.String({ format: 'date', description: 'First day (inclusive), in the site’s time zone' }),
    ),
    to: Type.Optional(
      Type.String({ format: 'date', description: 'Last day (inclusive), in the site’s time zone' }),
    ),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: AUDIT_PAGE_MAX, default: AUDIT_PAGE_DEFAULT })),
    cursor: Type.Optional(
      Type.String({
        pattern: '^[1-9][0-9]{0,15}$',
        description: 'next_cursor of the previous page (same filters); omitted for the first page',
      }),
    ),
    format: Type.Optional(
      Type.Union([Type.Literal('json'), Type.Literal('csv')], {
        default: 'json',
        description: 'csv: every matching event (limit and cursor are ignored), newest first',
      }),
    ),
  },
  { additionalProperties: false },
);

export const AuditEventList = Type.Object(
  {
    audit_events: Type.Array(Type.Ref(AuditEvent)),
    /** Null on the last page. */
    next_cursor: Nullable(Type.String()),
  },
  { $id: 'AuditEventList' },
);

export const AuditChainCheck = Type.Object({
  ok: Type.Boolean(),
  /** Events checked: the whole chain when ok, those before the broken one otherwise. */
  count: Type.Integer(),
  /**
   * Events written but not sealed into the chain yet (committed while the check ran): not part of
   * count, never a break; the next check includes them.
   */
  pending: Type.Integer(),
  /** The first event that does not fit the chain (with reason end: the last event the head names). */
  broken_id: Type.Optional(Nullable(Type.Integer())),
  reason: Type.Optional(
    Type.Union([Type.Literal('link'), Type.Literal('content'), Type.Literal('end')], {
      description:
        'link: the event does not follow the one before it (an event removed or inserted before it); content: the event was changed after it was written; end: events are missing from the end of the chain',
    }),
  ),
});

export type AuditEventListOptions = Static<typeof AuditEventListQuery>;
export type ApiAuditEvent = Static<typeof AuditEvent>;
