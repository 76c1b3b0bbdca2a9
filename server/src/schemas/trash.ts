/** The trash: one item, the list, the restore body and answers, and what a delete answers. */
import { type Static, Type } from '@sinclair/typebox';
import { TRASH_PAGE_DEFAULT, TRASH_PAGE_MAX, TRASH_TYPES } from '#domain/trash.ts';
import { LIMITS } from '#domain/validation.ts';
import { IdParam, Nullable } from './common.ts';

const TrashType = () => Type.Union(TRASH_TYPES.map((t) => Type.Literal(t)));

export const TrashItem = Type.Object(
  {
    id: Type.Integer(),
    entity_type: TrashType(),
    /** The record's id as text (an assignment's is position_id:task_id). */
    entity_id: Type.String(),
    label: Type.String({ description: 'The record as a person knows it (code and name)' }),
    deleted_by_id: Nullable(Type.Integer()),
    deleted_by_name: Type.String({ description: 'The name as it was when they deleted it' }),
    deleted_at: Type.String({ format: 'date-time' }),
    purge_after: Type.String({ format: 'date-time', description: 'When the purge job removes it for good' }),
  },
  { $id: 'TrashItem' },
);

export const TrashListQuery = Type.Object(
  {
    entity_type: Type.Optional(TrashType()),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: TRASH_PAGE_MAX, default: TRASH_PAGE_DEFAULT })),
    offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0 })),
  },
  { additionalProperties: false },
);
export type TrashListQueryInput = Static<typeof TrashListQuery>;

export const TrashList = Type.Object(
  {
    items: Type.Array(Type.Ref(TrashItem)),
    total: Type.Integer({ description: 'Items of these kinds the caller may see' }),
  },
  { $id: 'TrashList' },
);

const code = (description: string) => Type.String({ minLength: 1, maxLength: LIMITS.codeMax, description });

/**
 * Sent again after a 409 TRASH_RESTORE_CONFLICT: a new value for the field it named, and the
 * record is restored under that value. Only the fields of the item's kind are accepted.
 */
export const TrashRestoreBody = Type.Object(
  {
    position_code: Type.Optional(code('A position’s new code')),
    nfc_tag_id: Type.Optional(Nullable(code('A position’s new NFC tag id; null restores it without a tag'))),
    group_code: Type.Optional(code('A position group’s or user group’s new code')),
    task_code: Type.Optional(code('A template’s new code')),
    email: Type.Optional(
      Type.String({ minLength: 3, maxLength: LIMITS.emailMax, description: 'A user’s new email address' }),
    ),
  },
  { additionalProperties: false },
);
export type TrashRestoreInput = Static<typeof TrashRestoreBody>;

export const TrashRestoreResult = Type.Object(
  {
    message: Type.String(),
    entity_type: TrashType(),
    entity_id: Type.String(),
    /** Rows put back per table (the record's own and what went with it). */
    restored: Type.Record(Type.String(), Type.Integer()),
    /** Rows that went with it but could not come back: what they belonged to is gone too. */
    skipped: Type.Integer(),
  },
  { $id: 'TrashRestoreResult' },
);

export const TrashIdParams = Type.Object({ id: IdParam }, { additionalProperties: false });

/** What a delete that moved its record to the trash adds to its answer. */
export const trashItemId = () =>
  Type.Optional(
    Type.Integer({
      description: 'The trash item the record went to (POST /trash/{id}/restore brings it back)',
    }),
  );

/** A delete's answer that was `{ message }`, now with the trash item: each resource's own $id. */
export const trashedMessage = ($id: string) =>
  Type.Object({ message: Type.String(), trash_item_id: trashItemId() }, { $id });
