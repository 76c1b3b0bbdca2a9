/** Work entries: the list, check-in, status changes, photos. */
import { type Static, Type } from '@sinclair/typebox';
import { LATITUDE_RANGE, LONGITUDE_RANGE } from '#domain/positions.ts';
import {
  IDEMPOTENCY_KEY_PATTERN,
  WORK_ENTRY_NOTES_MAX,
  WORK_ENTRY_PAGE_MAX,
  WORK_ENTRY_SEARCH_MAX,
  WORK_ENTRY_SORTS,
  WORK_ENTRY_STATUSES,
} from '#domain/work-entries.ts';
import { IdParam, Nullable } from './common.ts';

const timestamp = () => Type.String({ format: 'date-time' });

const statusOf = (options: { $id?: string } = {}) =>
  Type.Union(
    WORK_ENTRY_STATUSES.map((s) => Type.Literal(s)),
    options,
  );

export const WorkEntryStatusSchema = statusOf({ $id: 'WorkEntryStatus' });

export const WorkEntryPhoto = Type.Object(
  {
    id: Type.Integer(),
    /** A signed link that works without a bearer token for a few minutes (see expires_at). */
    url: Type.String(),
    content_type: Type.String(),
    size_bytes: Type.Integer(),
    created_at: timestamp(),
  },
  { $id: 'WorkEntryPhoto' },
);

export const WorkEntry = Type.Object(
  {
    id: Type.Integer(),
    user_id: Type.Integer(),
    first_name: Type.String(),
    last_name: Type.String(),
    position_id: Type.Integer(),
    position_name: Type.String(),
    task_id: Nullable(Type.Integer()),
    task_name: Nullable(Type.String()),
    status: Type.Ref(WorkEntryStatusSchema),
    /** Worked minutes, pauses excluded; set when the entry is completed, failed or cancelled. */
    duration_minutes: Nullable(Type.Integer()),
    started_at: timestamp(),
    created_at: timestamp(),
    completed_at: Nullable(timestamp()),
    paused_at: Nullable(timestamp()),
    notes: Nullable(Type.String()),
    nfc_tag_id: Nullable(Type.String()),
    latitude: Nullable(Type.Number()),
    longitude: Nullable(Type.Number()),
    /** Metres between the phone and the position when both had coordinates. */
    distance_meters: Nullable(Type.Integer()),
    /** Signed, short-lived links to the entry's photos. */
    photo_urls: Type.Array(Type.String()),
  },
  { $id: 'WorkEntry' },
);

export const WorkEntryDetail = Type.Object(
  {
    work_entry: Type.Ref(WorkEntry),
    photos: Type.Array(Type.Ref(WorkEntryPhoto)),
  },
  { $id: 'WorkEntryDetail' },
);

export const WorkEntryResponse = Type.Object(
  { work_entry: Type.Ref(WorkEntry) },
  { $id: 'WorkEntryResponse' },
);

/** The filters the list and the export share. */
const filters = {
  status: Type.Optional(statusOf()),
  user_id: Type.Optional(IdParam),
  position_id: Type.Optional(IdParam),
  task_id: Type.Optional(IdParam),
  from: Type.Optional(
    Type.String({ format: 'date', description: 'First day (inclusive), in the site’s time zone' }),
  ),
  to: Type.Optional(
    Type.String({ format: 'date', description: 'Last day (inclusive), in the site’s time zone' }),
  ),
  search: Type.Optional(
    Type.String({
      maxLength: WORK_ENTRY_SEARCH_MAX,
      description:
        'Text within the worker’s, position’s or task’s name (or the task code), or words the notes start with',
    }),
  ),
  sort: Type.Optional(
    Type.Union(
      WORK_ENTRY_SORTS.map((s) => Type.Literal(s)),
      { default: 'created' },
    ),
  ),
  order: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')], { default: 'desc' })),
};

export const WorkEntryExportQuery = Type.Object(filters, { additionalProperties: false });

export const WorkEntryListQuery = Type.Object(
  {
    ...filters,
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: WORK_ENTRY_PAGE_MAX, default: 25 })),
    cursor: Type.Optional(
      Type.String({
        maxLength: 1000,
        description: 'next_cursor of the previous page (same filters and sort); omitted for the first page',
      }),
    ),
  },
  { additionalProperties: false },
);

export const WorkEntryList = Type.Object(
  {
    work_entries: Type.Array(Type.Ref(WorkEntry)),
    /** Opens the next page; null on the last one. */
    next_cursor: Nullable(Type.String()),
    /**
     * Matches of the filters, counted up to a cap (first page only: null with a cursor). When
     * total_capped is true there are more than total.
     */
    total: Nullable(Type.Integer()),
    total_capped: Type.Boolean(),
  },
  { $id: 'WorkEntryList' },
);

const coordinate = (range: { min: number; max: number }) =>
  Type.Number({ minimum: range.min, maximum: range.max });

export const WorkEntryCreate = Type.Object(
  {
    nfc_tag_id: Type.Optional(
      Type.String({ minLength: 1, maxLength: 100, description: 'The tag the phone read at the position' }),
    ),
    position_id: Type.Optional(IdParam),
    task_id: IdParam,
    latitude: Type.Optional(coordinate(LATITUDE_RANGE)),
    longitude: Type.Optional(coordinate(LONGITUDE_RANGE)),
    notes: Type.Optional(Type.String({ maxLength: WORK_ENTRY_NOTES_MAX })),
  },
  {
    $id: 'WorkEntryCreate',
    additionalProperties: false,
    description: 'The position by its NFC tag id or its id (at least one); coordinates both or neither',
  },
);

export const WorkEntryUpdate = Type.Object(
  {
    status: Type.Optional(statusOf()),
    notes: Type.Optional(Nullable(Type.String({ maxLength: WORK_ENTRY_NOTES_MAX }))),
  },
  {
    $id: 'WorkEntryUpdate',
    additionalProperties: false,
    description:
      'status follows the chart: in_progress → paused, completed, failed, cancelled; paused → in_progress, ' +
      'cancelled; completed, failed and cancelled are final',
  },
);

export const PhotoParams = Type.Object({ photoId: IdParam }, { additionalProperties: false });

export const PhotoQuery = Type.Object(
  {
    exp: Type.Integer({ minimum: 0, maximum: 99999999999, description: 'Expiry, Unix seconds' }),
    sig: Type.String({ minLength: 1, maxLength: 100 }),
  },
  { additionalProperties: false },
);

export const WorkEntryPhotoResponse = Type.Object(
  { photo: Type.Ref(WorkEntryPhoto) },
  { $id: 'WorkEntryPhotoResponse' },
);

/** The multipart body of a photo upload, for the OpenAPI document (the plugin parses it). */
export const PhotoUploadBody = Type.Object(
  { photo: Type.String({ format: 'binary', description: 'A JPEG, PNG or WebP image' }) },
  { additionalProperties: false },
);

/** The header of an action a phone may resend (routes/work-entries/idempotency.ts). */
export const IdempotencyHeaders = Type.Object({
  'idempotency-key': Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 100,
      pattern: IDEMPOTENCY_KEY_PATTERN,
      description:
        'A key of the client’s (e.g. a UUID) that makes a resend of this request return the first answer ' +
        '(with the header Idempotent-Replayed: true) and change nothing; kept 7 days per user',
    }),
  ),
});

export type WorkEntryListOptions = Static<typeof WorkEntryListQuery>;
export type WorkEntryFilters = Static<typeof WorkEntryExportQuery>;
export type WorkEntryCreateBody = Static<typeof WorkEntryCreate>;
export type WorkEntryUpdateBody = Static<typeof WorkEntryUpdate>;
export type ApiWorkEntry = Static<typeof WorkEntry>;
export type ApiWorkEntryPhoto = Static<typeof WorkEntryPhoto>;
