import { type Static, type TSchema, Type } from '@sinclair/typebox';
import {
  POSITION_LIMITS as L,
  LATITUDE_RANGE,
  LONGITUDE_RANGE,
  POSITION_IMPORT_MAX_CHARS,
  POSITION_PAGE_MAX,
} from '#domain/positions.ts';
import { Nullable } from './common.ts';
import { trashItemId } from './trash.ts';

/**
 * A nullable request field as one JSON-schema type list (`type: [x, 'null']`) rather than an
 * anyOf: a value that breaks a rule then yields that rule's error alone, naming its own field,
 * not a second "must be null" beside it.
 */
function orNull<T extends TSchema>(schema: T) {
  return Type.Unsafe<Static<T> | null>({ ...schema, type: [schema.type as string, 'null'] });
}

const Coordinates = Type.Object(
  {
    latitude: Type.Number({ minimum: LATITUDE_RANGE.min, maximum: LATITUDE_RANGE.max }),
    longitude: Type.Number({ minimum: LONGITUDE_RANGE.min, maximum: LONGITUDE_RANGE.max }),
  },
  { additionalProperties: false, description: 'Both or neither; kept to 6 decimals' },
);

export const Position = Type.Object(
  {
    id: Type.Integer(),
    position_code: Type.String(),
    position_name: Type.String(),
    description: Nullable(Type.String()),
    location_details: Nullable(Type.String()),
    nfc_tag_id: Nullable(Type.String()),
    coordinates: Nullable(
      Type.Object({ latitude: Type.Number(), longitude: Type.Number() }, { additionalProperties: false }),
    ),
    is_active: Type.Boolean(),
    created_at: Type.String({ format: 'date-time' }),
    updated_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'Position' },
);

/** Text is trimmed on the server; a blank description, location or NFC id is stored as null. */
const fields = {
  position_code: Type.String({ minLength: L.codeMin, maxLength: L.codeMax }),
  position_name: Type.String({ minLength: L.nameMin, maxLength: L.nameMax }),
  description: Type.Optional(orNull(Type.String({ maxLength: L.textMax }))),
  location_details: Type.Optional(orNull(Type.String({ maxLength: L.textMax }))),
  nfc_tag_id: Type.Optional(
    orNull(
      Type.String({
        maxLength: L.nfcMax,
        description: `At least ${L.nfcMin} characters when given; empty or null means no tag. Unique on the site.`,
      }),
    ),
  ),
  coordinates: Type.Optional(orNull(Coordinates)),
  is_active: Type.Optional(Type.Boolean()),
};

export const PositionCreate = Type.Object(fields, { $id: 'PositionCreate', additionalProperties: false });

/** Fields left out stay as they are; null clears a nullable one. */
export const PositionUpdate = Type.Partial(Type.Object(fields), {
  $id: 'PositionUpdate',
  additionalProperties: false,
});

/** The columns the list sorts by (the table's sortable columns). */
export const POSITION_SORTS = [
  'position_code',
  'position_name',
  'description',
  'location_details',
  'nfc_tag_id',
  'created_at',
  'is_active',
] as const;

export const PositionListQuery = Type.Object(
  {
    include_inactive: Type.Optional(Type.Boolean({ default: false })),
    search: Type.Optional(
      Type.String({
        maxLength: 100,
        description: 'Case-insensitive text within the code, name or NFC tag id',
      }),
    ),
    sort: Type.Optional(
      Type.Union(
        POSITION_SORTS.map((s) => Type.Literal(s)),
        { default: 'position_code' },
      ),
    ),
    order: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')], { default: 'asc' })),
    limit: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: POSITION_PAGE_MAX,
        description: 'A page of this many positions; without it, every matching position',
      }),
    ),
    offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 2147483647, default: 0 })),
  },
  { additionalProperties: false },
);

export const PositionList = Type.Object(
  {
    positions: Type.Array(Type.Ref(Position)),
    /** Every position the filters match, across all pages. */
    total: Type.Integer(),
  },
  { $id: 'PositionList' },
);
export const PositionResponse = Type.Object({ position: Type.Ref(Position) }, { $id: 'PositionResponse' });

export const PositionDeleteResult = Type.Object(
  {
    message: Type.String(),
    /** 'deactivated' when work entries, task instances or assignments name the position. */
    outcome: Type.Union([Type.Literal('deleted'), Type.Literal('deactivated')]),
    position: Type.Optional(Type.Ref(Position)),
    trash_item_id: trashItemId(),
  },
  { $id: 'PositionDeleteResult' },
);

export const PositionImportRequest = Type.Object(
  {
    csv: Type.String({
      minLength: 1,
      maxLength: POSITION_IMPORT_MAX_CHARS,
      description:
        'The file as text. A header row names the columns: position_code, position_name, description, ' +
        'location_details, nfc_tag_id, latitude, longitude, is_active (code and name required).',
    }),
    dry_run: Type.Boolean({ description: 'true: only preview; false: apply all rows or none' }),
  },
  { $id: 'PositionImportRequest', additionalProperties: false },
);

const ImportRejection = Type.Object({
  /** The spreadsheet row: the header is row 1, the first position row 2. */
  row: Type.Integer(),
  /** A column name, or `row` when the record itself could not be read. */
  field: Type.String(),
  message: Type.String(),
  /** The rule broken (required, minLength, unique, duplicate, …), so a console can word it itself. */
  rule: Type.String(),
  params: Type.Optional(Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]))),
});

const ImportRow = Type.Object({
  row: Type.Integer(),
  action: Type.Union([
    Type.Literal('create'),
    Type.Literal('update'),
    Type.Literal('unchanged'),
    Type.Literal('reject'),
  ]),
  /** The existing position a row updates. */
  position_id: Nullable(Type.Integer()),
  position_code: Type.String(),
  position_name: Type.String(),
  description: Nullable(Type.String()),
  location_details: Nullable(Type.String()),
  nfc_tag_id: Nullable(Type.String()),
  latitude: Nullable(Type.String()),
  longitude: Nullable(Type.String()),
  is_active: Nullable(Type.String()),
});

export const PositionImportResult = Type.Object(
  {
    applied: Type.Boolean(),
    create: Type.Integer(),
    update: Type.Integer(),
    unchanged: Type.Integer(),
    rejected: Type.Array(ImportRejection),
    /** Every row as read (cells trimmed; null for a column the file lacks), with what it does. */
    rows: Type.Array(ImportRow),
  },
  { $id: 'PositionImportResult' },
);

export type PositionCreateBody = Static<typeof PositionCreate>;
export type PositionUpdateBody = Static<typeof PositionUpdate>;
export type ApiPosition = Static<typeof Position>;
export type PositionListOptions = Static<typeof PositionListQuery>;
export type PositionImportAnswer = Static<typeof PositionImportResult>;
export type PositionImportRow = Static<typeof ImportRow>;
