/** The field app's reads: a position with the caller's tasks there, the caller's work, the offline pack. */
import { type Static, Type } from '@sinclair/typebox';
import { POSITION_LIMITS } from '#domain/positions.ts';
import { Nullable } from './common.ts';
import { WorkEntryStatusSchema } from './work-entry.ts';

const timestamp = () => Type.String({ format: 'date-time' });

export const FIELD_TASK_STATES = ['available', 'blocked', 'in_progress', 'paused', 'done_today'] as const;

export const FieldTaskEntry = Type.Object(
  {
    id: Type.Integer(),
    status: Type.Ref(WorkEntryStatusSchema),
    user_id: Type.Integer(),
    first_name: Type.String(),
    last_name: Type.String(),
    mine: Type.Boolean({ description: 'The caller’s own entry' }),
    created_at: timestamp(),
    updated_at: timestamp(),
  },
  { $id: 'FieldTaskEntry' },
);

export const FieldTask = Type.Object(
  {
    task_id: Type.Integer(),
    task_code: Type.String(),
    task_name: Type.String(),
    description: Nullable(Type.String()),
    is_primary: Type.Boolean(),
    order: Type.Integer({ description: 'The task’s place in an order its dependencies allow, from 0' }),
    state: Type.Union(
      FIELD_TASK_STATES.map((s) => Type.Literal(s)),
      {
        description:
          'in_progress or paused: an open entry (entry says whose); done_today: completed today (site time ' +
          'zone); blocked: waits for a required task not completed at this position (blocked_by); else available',
      },
    ),
    blocked_by: Type.Array(Type.Object({ task_id: Type.Integer(), task_name: Type.String() })),
    entry: Nullable(Type.Ref(FieldTaskEntry)),
  },
  { $id: 'FieldTask' },
);

export const FieldPosition = Type.Object(
  {
    position: Type.Object({
      id: Type.Integer(),
      position_code: Type.String(),
      position_name: Type.String(),
      location_details: Nullable(Type.String()),
      nfc_tag_id: Nullable(Type.String()),
      coordinates: Nullable(Type.Object({ latitude: Type.Number(), longitude: Type.Number() })),
    }),
    tasks: Type.Array(Type.Ref(FieldTask)),
    server_time: timestamp(),
    display: Type.Object(
      {
        timezone: Type.String(),
        date_format: Type.String(),
      },
      {
        description:
          'The site’s time zone and date format (as GET /site-settings/display): a phone keeps them with its copy of the position and shows its dates, offline too, as the console does',
      },
    ),
  },
  { $id: 'FieldPosition' },
);

export const FieldEntry = Type.Object(
  {
    id: Type.Integer(),
    status: Type.Ref(WorkEntryStatusSchema),
    task_id: Nullable(Type.Integer()),
    task_name: Nullable(Type.String()),
    position_id: Type.Integer(),
    position_name: Type.String(),
    nfc_tag_id: Nullable(Type.String()),
    notes: Nullable(Type.String()),
    created_at: timestamp(),
    updated_at: timestamp(),
    completed_at: Nullable(timestamp()),
    photo_count: Type.Integer(),
  },
  { $id: 'FieldEntry' },
);

export const FieldMyWork = Type.Object({ entries: Type.Array(Type.Ref(FieldEntry)) }, { $id: 'FieldMyWork' });

export const FieldOfflinePack = Type.Object(
  {
    positions: Type.Array(Type.Ref(FieldPosition)),
    truncated: Type.Boolean({ description: 'More positions are open to the caller than the pack holds' }),
    server_time: timestamp(),
  },
  { $id: 'FieldOfflinePack' },
);

export const FieldTagParams = Type.Object(
  { tag: Type.String({ minLength: 1, maxLength: POSITION_LIMITS.nfcMax }) },
  { additionalProperties: false },
);

export type ApiFieldPosition = Static<typeof FieldPosition>;
export type ApiFieldTask = Static<typeof FieldTask>;
export type ApiFieldEntry = Static<typeof FieldEntry>;
