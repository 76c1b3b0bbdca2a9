/**
 * The site-scoped repository helper: the by-id queries every resource has, each bound to the
 * caller's site, so no repository can forget the site condition. An area's repository spreads it
 * and adds its own queries (lists, joins, checks), which take the site id as their first argument
 * after the database as well.
 */
import { and, eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { type ColumnRules, columnChanges, type NotColumn } from '../lib/api-row.ts';

type SiteTable = PgTable & { siteId: PgColumn; id: PgColumn };

/** The site condition on `table`, and any others (for tables without an id of their own too). */
export function siteCondition(table: { siteId: PgColumn }) {
  return (siteId: string, ...conditions: (SQL | undefined)[]) =>
    and(eq(table.siteId, siteId), ...conditions) as SQL;
}

export function siteScoped<T extends SiteTable>(table: T) {
  type Row = T['$inferSelect'];
  type Values = Omit<T['$inferInsert'], 'siteId' | 'id'>;
  // Drizzle cannot follow a generic table through its builders; the row types above are exact.
  const t = table as SiteTable & PgTable;

  /** The site condition, and any others. */
  const where = siteCondition(t);

  return {
    where,

    /** An update body as this table's changes (lib/api-row.ts columnChanges), for the service's rules. */
    changes<I extends object>(
      input: I,
      rules: ColumnRules<T, I> = {},
      skip: readonly NotColumn<T, I>[] = [],
    ) {
      return columnChanges(table, input, rules, skip) as Partial<Values>;
    },

    async find(db: Db, siteId: string, id: number): Promise<Row | undefined> {
      const [row] = await db
        .select()
        .from(t)
        .where(where(siteId, eq(t.id, id)))
        .limit(1);
      return row as Row | undefined;
    },

    async insert(db: Db, siteId: string, values: Values): Promise<Row> {
      const [row] = await db
        .insert(t)
        .values({ ...values, siteId } as never)
        .returning();
      return row as Row;
    },

    async update(db: Db, siteId: string, id: number, changes: Partial<Values>): Promise<Row | undefined> {
      const [row] = await db
        .update(t)
        .set(changes as never)
        .where(where(siteId, eq(t.id, id)))
        .returning();
      return row as Row | undefined;
    },

    async remove(db: Db, siteId: string, id: number): Promise<boolean> {
      const rows = await db
        .delete(t)
        .where(where(siteId, eq(t.id, id)))
        .returning({ id: t.id });
      return rows.length > 0;
    },
  };
}
