/** Pieces every task schema shares: the category vocabulary, priority, duration, search and paging. */
import { type SchemaOptions, Type } from '@sinclair/typebox';
import { LEGACY_PRIORITIES, TASK_CATEGORIES, TASK_LIMITS } from '#domain/tasks.ts';
import { LIMITS } from '#domain/validation.ts';
import { Nullable } from './common.ts';

/** A string enum typed as its values (a union of literals built from a list types as unknown). */
export const stringEnum = <T extends string>(values: readonly T[], options: SchemaOptions = {}) =>
  Type.Unsafe<T>({ type: 'string', enum: [...values], ...options });

export const taskCategory = () =>
  stringEnum(TASK_CATEGORIES, { description: 'safety, quality, installation, testing or documentation' });
export const legacyPriority = () =>
  stringEnum(LEGACY_PRIORITIES, { description: 'low, medium, high or critical' });

/** A category in a body: one of the five (not null, so a wrong value gets the enum's message). */
export const categoryInput = () => Type.Optional(taskCategory());
/** A category as stored: older rows may predate the vocabulary, so any text reads back. */
export const categoryOutput = () => Nullable(Type.String());

export const priorityInput = () =>
  Type.Optional(
    Type.Integer({
      minimum: TASK_LIMITS.priorityMin,
      maximum: TASK_LIMITS.priorityMax,
      description: `A number, ${TASK_LIMITS.defaultPriority} when not given`,
    }),
  );
export const durationInput = () =>
  Type.Integer({ minimum: 1, maximum: TASK_LIMITS.durationMax, description: 'Minutes, greater than 0' });

export const taskName = () => Type.String({ minLength: LIMITS.taskNameMin, maxLength: LIMITS.nameMax });
/**
 * Optional text that null or blank clears. A type list rather than a union, so a text that is too
 * long gets the maxLength message instead of the null branch's type error.
 */
export const optionalText = (maxLength: number = LIMITS.textMax) =>
  Type.Optional(Type.Unsafe<string | null>({ type: ['string', 'null'], maxLength }));

export const searchQuery = () =>
  Type.Optional(
    Type.String({
      maxLength: TASK_LIMITS.searchMax,
      description: 'Matches name, code or description, ignoring case and accents (ä, ö, å)',
    }),
  );

export const timestamp = () => Type.String({ format: 'date-time' });

/** The delete answer of every task resource: deleted, or kept as inactive because history names it. */
export const DeleteOutcome = Type.Union([Type.Literal('deleted'), Type.Literal('deactivated')]);

/** A server-paged task list's query: limit, offset, the sort field (from `sorts`) and order. */
export const pageQuery = <T extends string>(
  sorts: readonly T[],
  sort: { default: T; description: string },
) => ({
  limit: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: TASK_LIMITS.pageSizeMax,
      default: TASK_LIMITS.pageSizeDefault,
      description: 'Page size',
    }),
  ),
  offset: Type.Optional(Type.Integer({ minimum: 0, default: 0, description: 'Rows to skip' })),
  sort: Type.Optional(stringEnum(sorts, sort)),
  order: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')], { default: 'asc' })),
});
