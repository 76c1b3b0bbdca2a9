import { useCallback, useMemo, useState } from 'react';
import type { Position } from '../../api/gen/model';

/**
 * The positions picked for the tag sheet, kept across pages, searches and sorts (the table shows
 * one page at a time). They print in code order, as the tags hang on site.
 */
export function useTagSelection() {
  const [picked, setPicked] = useState<ReadonlyMap<number, Position>>(new Map());
  const toggle = useCallback((rows: Position[], selected: boolean) => {
    setPicked((current) => {
      const next = new Map(current);
      for (const row of rows) {
        if (selected) next.set(row.id, row);
        else next.delete(row.id);
      }
      return next;
    });
  }, []);
  const clear = useCallback(() => setPicked(new Map()), []);
  return useMemo(
    () => ({
      ids: new Set(picked.keys()) as ReadonlySet<number>,
      rows: [...picked.values()].sort((a, b) =>
        a.position_code.localeCompare(b.position_code, undefined, { numeric: true }),
      ),
      count: picked.size,
      toggle,
      clear,
    }),
    [picked, toggle, clear],
  );
}
