/** The work-entry archive: archived entries, read-only, paged by keyset and exported. */
import { type Static, Type } from '@sinclair/typebox';
import { WORK_ENTRY_PAGE_MAX, WORK_ENTRY_STATUSES } from '#domain/work-entries.ts';
import { IdParam, Nullable } from './common.ts';
import { WorkEntry, WorkEntryPhoto } from './work-entry.ts';

const filters = {
  status: Type.Optional(Type.Union(WORK_ENTRY_STATUSES.map((s) => Type.Literal(s)))),
  user_id: Type.Optional(IdParam),
  position_id: Type.Optional(IdParam),
  task_id: Type.Optional(IdParam),
  from: Type.Optional(
    Type.String({
      format: 'date',
      description: 'First day the entry was created (inclusive), in the site’s time zone',
    }),
  ),
  to: Type.Optional(
    Type.String({
      format: 'date',
      description: 'Last day the entry was created (inclusive), in the site’s time zone',
    }),
  ),
  order: Type.Optional(
    Type.Union([Type.Literal('asc'), Type.Literal('desc')], {
      default: 'desc',
      description: 'By creation time (the archive has this one order)',
    }),
  ),
};

export const ArchiveExportQuery = Type.Object(filters, { additionalProperties: false });

export const ArchiveListQuery = Type.Object(
  {
    ...filters,
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: WORK_ENTRY_PAGE_MAX, default: 25 })),
    cursor: Type.Optional(
      Type.String({
        maxLength: 1000,
        description: 'next_cursor of the previous page (same filters and order); omitted for the first page',
      }),
    ),
  },
  { additionalProperties: false },
);

export const ArchivedWorkEntryList = Type.Object(
  {
    work_entries: Type.Array(Type.Ref(WorkEntry)),
    next_cursor: Nullable(Type.String()),
    /** Matches counted up to a cap on the first page (null with a cursor); capped: more than total. */
    total: Nullable(Type.Integer()),
    total_capped: Type.Boolean(),
  },
  { $id: 'ArchivedWorkEntryList' },
);

export const ArchivedWorkEntryDetail = Type.Object(
  {
    work_entry: Type.Ref(WorkEntry),
    photos: Type.Array(Type.Ref(WorkEntryPhoto)),
    archived_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'ArchivedWorkEntryDetail' },
);

export type ArchiveFilters = Static<typeof ArchiveExportQuery>;
export type ArchiveListOptions = Static<typeof ArchiveListQuery>;
