/**
 * A table row as the API's record: `rowMapper(Task)` gives `(row) => Task`, taking each of the
 * schema's snake_case properties from the row's camelCase column (`task_code` from `taskCode`),
 * dates as ISO text. The schema is the allow-list: a column it does not name (a password hash, the
 * site id of a record that does not show it) never leaves, even in a body cached as JSON text that
 * skips the response serializer. TypeScript checks that the row has every property the schema
 * needs, with a compatible type, so a renamed column is a compile error, not a missing field.
 *
 * A record that is more than its columns (a joined name, a nested object) passes those in the row
 * under their camelCase name: `toApi({ ...row, coordinates })`.
 */
import type { Static, TObject } from '@sinclair/typebox';
import { getTableColumns, getTableName } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/** `task_code` → `taskCode`. */
type Camel<S extends string> = S extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<Camel<Tail>>}`
  : S;

/** A date-time property may come as the driver's Date; everything else as the API has it. */
type RowValue<V> = V extends string ? V | Date : V;

/** The row a schema's record is made from: its properties under their column names. */
type RowFor<S extends TObject> = {
  [K in keyof Static<S> & string as Camel<K>]: RowValue<Static<S>[K]>;
};

const camel = (key: string) => key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

export function rowMapper<S extends TObject>(schema: S): (row: RowFor<S>) => Static<S> {
  const keys = Object.keys(schema.properties).map((api) => [api, camel(api)] as const);
  return (row) => {
    const source = row as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const [api, column] of keys) {
      const value = source[column];
      out[api] = value instanceof Date ? value.toISOString() : value;
    }
    return out as Static<S>;
  };
}

type Insert<T extends PgTable> = T['$inferInsert'];
type ColumnOf<T extends PgTable, K extends string> = Camel<K> extends keyof Insert<T> ? Camel<K> : never;
/** The body's fields that are no column of the table (a membership list, say). */
export type NotColumn<T extends PgTable, I> = {
  [K in keyof I & string]: ColumnOf<T, K> extends never ? K : never;
}[keyof I & string];
/** How a field's value becomes its column's (trimmed, '' to null…); a field without one is stored as given. */
export type ColumnRules<T extends PgTable, I> = {
  [K in keyof I & string]?: (value: Exclude<I[K], undefined>) => Insert<T>[ColumnOf<T, K>];
};

/**
 * An update body as the changes to a row, the other way from rowMapper: each field the body gives
 * under its column's name (`task_name` → `taskName`), through its rule when it has one; a field
 * left out stays as it is. A field that is no column must be named in `skip` (TypeScript checks
 * those are not columns; a given field that is neither throws, so a renamed column cannot be
 * ignored in silence).
 *
 *   const changes = columnChanges(tasks, input, { task_name: (v) => trimmedText('task_name', v, 2) });
 */
export function columnChanges<T extends PgTable, I extends object>(
  table: T,
  input: I,
  rules: ColumnRules<T, I> = {},
  skip: readonly NotColumn<T, I>[] = [],
): Partial<Insert<T>> {
  const columns = getTableColumns(table);
  const changes: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(input)) {
    if (value === undefined || (skip as readonly string[]).includes(field)) continue;
    const column = camel(field);
    if (!(column in columns)) throw new Error(`${field} is no column of ${getTableName(table)}`);
    const rule = (rules as Record<string, ((v: unknown) => unknown) | undefined>)[field];
    changes[column] = rule ? rule(value) : value;
  }
  return changes as Partial<Insert<T>>;
}
