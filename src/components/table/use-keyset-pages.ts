/**
 * Page-by-page navigation over a keyset list: the cursor that opened each page seen so far is
 * kept, so Previous goes back exactly and Next follows the page's next_cursor. Any change of
 * filters, sort or page size (the `key`) starts again from the first page.
 */
import { useCallback, useState } from 'react';

export interface KeysetPages {
  /** Zero-based page index. */
  page: number;
  /** The cursor of the current page (undefined on the first). */
  cursor: string | undefined;
  /** Go to `page` (the next one needs the current page's next_cursor). */
  goTo(page: number, nextCursor: string | null | undefined): void;
}

export function useKeysetPages(key: string): KeysetPages {
  const [state, setState] = useState<{ key: string; cursors: (string | undefined)[]; page: number }>({
    key,
    cursors: [undefined],
    page: 0,
  });
  const current = state.key === key ? state : { key, cursors: [undefined], page: 0 };
  const goTo = useCallback(
    (page: number, nextCursor: string | null | undefined) => {
      setState((s) => {
        const base = s.key === key ? s : { key, cursors: [undefined], page: 0 };
        if (page <= 0) return { ...base, page: 0 };
        if (page <= base.page) return { ...base, page };
        if (page === base.page + 1 && nextCursor) {
          const cursors = [...base.cursors.slice(0, page), nextCursor];
          return { ...base, cursors, page };
        }
        return base;
      });
    },
    [key],
  );
  return { page: current.page, cursor: current.cursors[current.page], goTo };
}
