/**
 * Server-side search that ignores case and Finnish/Swedish accents: the column side is folded with
 * translate(lower(…)) in SQL, the term with the same mapping in code (src/domain/tasks.ts), and
 * the term's LIKE wildcards are escaped so '%' or '_' match themselves.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { foldForSearch, SEARCH_FOLD_FROM, SEARCH_FOLD_TO } from '#domain/tasks.ts';

export function likePattern(term: string): string {
  return `%${foldForSearch(term.trim()).replace(/[\\%_]/g, '\\$&')}%`;
}

/** Does any of the columns contain the term? Undefined (no condition) for a blank term. */
export function foldedSearch(term: string | undefined, columns: AnyPgColumn[]): SQL | undefined {
  if (!term?.trim()) return undefined;
  const pattern = likePattern(term);
  const text = sql.join(
    columns.map((c) => sql`coalesce(${c}, '')`),
    sql` || ' ' || `,
  );
  return sql`translate(lower(${text}), ${SEARCH_FOLD_FROM}, ${SEARCH_FOLD_TO}) like ${pattern}`;
}
