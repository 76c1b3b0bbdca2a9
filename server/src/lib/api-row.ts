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

/** `task_code` → `taskCode`. */
type Camel<S extends string> = S extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<Camel<Tail>>}`
  : S;

/** A date-time property may come as the driver's Date; everything else as the API has it. */
type RowValue<V> = V extends string ? V | Date : V;

/** The row a schema's record is made from: its properties under their column names. */
export type RowFor<S extends TObject> = {
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
