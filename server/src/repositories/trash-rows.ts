/**
 * The trash's rows: a record's rows copied as the database has them (`to_jsonb`)
 * before its delete (kept in trash_items by repositories/trash.ts), and the rows put back with their own ids
 * (`jsonb_populate_recordset`, `overriding system value`), exact to the column. Which rows go with
 * each kind of record is repositories/trash-captures.ts; this file knows only tables.
 *
 * References are read from the tables' own foreign keys: a row whose required reference (a
 * position, a task, a group) is gone is not put back (for the record itself the service refuses
 * first, naming the field); an optional one (who assigned it) that is gone is put back empty, as
 * the database would have left it.
 */
import { getTableColumns, getTableName, type SQL, sql } from 'drizzle-orm';
import { getTableConfig, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import {
  accountTokens,
  coverageWindows,
  customRoleHolders,
  customRoles,
  legacyTaskTemplates,
  positionGroupPositions,
  positionGroups,
  positions,
  positionTaskAssignments,
  siteSettings,
  type TrashLink,
  type TrashTableRows,
  taskDependencies,
  taskInstances,
  tasks,
  taskTemplates,
  userGroupMembers,
  userGroupPositionAccess,
  userGroups,
  users,
  visitSchedules,
  workEntries,
} from '../db/schema/index.ts';

/** Every table the trash may put rows back into, by its SQL name (never a name from input). */
const TABLES: Record<string, PgTable> = Object.fromEntries(
  [
    positions,
    positionGroups,
    positionGroupPositions,
    positionTaskAssignments,
    taskDependencies,
    taskTemplates,
    taskInstances,
    userGroups,
    userGroupMembers,
    userGroupPositionAccess,
    tasks,
    users,
    customRoles,
    customRoleHolders,
    siteSettings,
    accountTokens,
    visitSchedules,
    coverageWindows,
    legacyTaskTemplates,
    workEntries,
  ].map((t) => [getTableName(t), t]),
);

export function trashTable(name: string): PgTable {
  const table = TABLES[name];
  if (!table) throw new Error(`trash: no table ${name}`);
  return table;
}

interface Reference {
  column: string;
  table: PgTable;
  target: string;
  required: boolean;
}

/** A table's references to other rows (the site's excepted: it is the item's own). */
export function referencesOf(table: PgTable): Reference[] {
  return getTableConfig(table)
    .foreignKeys.map((fk) => {
      const ref = fk.reference();
      return {
        column: ref.columns[0].name,
        table: ref.foreignTable,
        target: ref.foreignColumns[0].name,
        required: fk.onDelete !== 'set null',
      };
    })
    .filter((r) => r.column !== 'site_id');
}

/** The rows of `table` matching `where`, each as the database's JSON of it (column names). */
export async function snapshotRows(db: Db, table: PgTable, where: SQL): Promise<TrashTableRows> {
  const rows = await db
    .select({ row: sql<Record<string, unknown>>`to_jsonb(${table})` })
    .from(table)
    .where(where);
  return { table: getTableName(table), rows: rows.map((r) => r.row) };
}

/**
 * Puts rows back with their own ids. Rows whose required references are gone, or that are
 * there again, are skipped (`onlyIfFree`); otherwise a clash raises the database's error for the
 * caller to name. Answers how many rows went back.
 */
export async function insertRows(
  db: Db,
  part: TrashTableRows,
  options: { skipClashes: boolean },
): Promise<number> {
  if (part.rows.length === 0) return 0;
  const table = trashTable(part.table);
  const names = Object.values(getTableColumns(table)).map((c) => (c as PgColumn).name);
  const refs = new Map(referencesOf(table).map((r) => [r.column, r]));
  const columnList = sql.join(
    names.map((n) => sql.identifier(n)),
    sql`, `,
  );
  // An optional reference that is gone is put back empty; a required one keeps the row out.
  const values = sql.join(
    names.map((n) => {
      const ref = refs.get(n);
      if (!ref || ref.required) return sql`r.${sql.identifier(n)}`;
      return sql`(select x.${sql.identifier(ref.target)} from ${ref.table} x where x.${sql.identifier(ref.target)} = r.${sql.identifier(n)})`;
    }),
    sql`, `,
  );
  const required = [...refs.values()].filter((r) => r.required);
  const exists = required.length
    ? sql` where ${sql.join(
        required.map(
          (r) =>
            // An empty reference (a schedule's position or its group) needs nothing to be there.
            sql`(r.${sql.identifier(r.column)} is null or exists (select 1 from ${r.table} x where x.${sql.identifier(r.target)} = r.${sql.identifier(r.column)}))`,
        ),
        sql` and `,
      )}`
    : sql``;
  const clash = options.skipClashes ? sql` on conflict do nothing` : sql``;
  const result = await db.execute(
    sql`insert into ${table} (${columnList}) overriding system value
      select ${values} from jsonb_populate_recordset(null::${table}, ${JSON.stringify(part.rows)}::jsonb) r${exists}${clash}
      returning 1 as one`,
  );
  return rowsOf(result).length;
}

/** Which of the references a row holds are gone: [column, table] of each missing required one. */
export async function missingReferences(
  db: Db,
  part: TrashTableRows,
): Promise<{ column: string; table: string }[]> {
  const [row] = part.rows;
  if (!row) return [];
  const missing: { column: string; table: string }[] = [];
  for (const ref of referencesOf(trashTable(part.table)).filter((r) => r.required)) {
    const value = row[ref.column];
    if (value === null || value === undefined) continue;
    const found = await db.execute(
      sql`select 1 as one from ${ref.table} where ${sql.identifier(ref.target)} = ${value} limit 1`,
    );
    if (rowsOf(found).length === 0) missing.push({ column: ref.column, table: getTableName(ref.table) });
  }
  return missing;
}

/** A table's primary key columns (SQL names). */
function primaryKeyOf(table: PgTable): string[] {
  const composite = getTableConfig(table).primaryKeys[0];
  if (composite) return composite.columns.map((c) => c.name);
  return Object.values(getTableColumns(table))
    .filter((c) => (c as PgColumn).primary)
    .map((c) => (c as PgColumn).name);
}

/** The row's key as one JSON object of its primary key columns. */
const keyOf = (table: PgTable) =>
  sql`jsonb_build_object(${sql.join(
    primaryKeyOf(table).map((k) => sql`${k}::text, ${table}.${sql.identifier(k)}`),
    sql`, `,
  )})`;

/** The rows of the site whose `column` points at `id`: what a delete of that record empties. */
export async function linksTo(
  db: Db,
  siteId: string,
  table: PgTable,
  column: string,
  id: number,
  /** Rows left out: those the delete removes anyway (and the record's rows put back as they were). */
  except?: SQL,
): Promise<TrashLink> {
  const rows = await db.execute(
    sql`select ${keyOf(table)} as key from ${table}
      where ${table}.site_id = ${siteId} and ${table}.${sql.identifier(column)} = ${id}${except ? sql` and not (${except})` : sql``}`,
  );
  return {
    table: getTableName(table),
    column,
    keys: (rowsOf(rows) as { key: Record<string, unknown> }[]).map((r) => r.key),
  };
}

/** Sets a reference the delete emptied back to the record, on rows that still have it empty. */
export async function relink(db: Db, siteId: string, link: TrashLink, id: number): Promise<number> {
  if (link.keys.length === 0) return 0;
  const table = trashTable(link.table);
  const result = await db.execute(
    sql`update ${table} set ${sql.identifier(link.column)} = ${id}
      where ${table}.site_id = ${siteId} and ${table}.${sql.identifier(link.column)} is null
        and ${keyOf(table)} in (select jsonb_array_elements(${JSON.stringify(link.keys)}::jsonb))
      returning 1 as one`,
  );
  return rowsOf(result).length;
}

const rowsOf = (result: unknown): unknown[] =>
  Array.isArray(result) ? result : ((result as { rows?: unknown[] }).rows ?? []);
