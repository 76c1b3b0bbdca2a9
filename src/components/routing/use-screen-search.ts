/**
 * A screen's URL state (filters, tabs, the selected record), typed by the same validateSearch
 * its registry entry gives the router. Reading re-applies the validator (pure and idempotent),
 * so the screen never sees an unchecked value; writing merges a patch into the current search.
 *
 *   const [search, setSearch] = useScreenSearch(validatePositionsSearch);
 *   <InputSwitch checked={search.inactive ?? false} onChange={(e) => setSearch({ inactive: e.value || undefined })} />
 */
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';

export function useScreenSearch<S extends object>(
  validateSearch: (search: Record<string, unknown>) => S,
): [S, (patch: Partial<S>, options?: { replace?: boolean }) => void] {
  const raw = useSearch({ strict: false }) as Record<string, unknown>;
  const search = useMemo(() => validateSearch(raw), [validateSearch, raw]);
  const navigate = useNavigate();
  const setSearch = useCallback(
    (patch: Partial<S>, options: { replace?: boolean } = {}) => {
      void navigate({
        to: '.',
        search: (previous: Record<string, unknown>) => ({ ...previous, ...patch }),
        replace: options.replace,
      });
    },
    [navigate],
  );
  return [search, setSearch];
}
