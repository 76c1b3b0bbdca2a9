/**
 * The position groups screen's URL state: the search text, so a reload or a shared link shows the
 * same rows. The site's groups arrive whole (a few dozen at most), so the screen filters them.
 */
import { textParam } from '../../components/routing/search-params.ts';
import { foldForSearch } from '../../domain/tasks.ts';
import { LIMITS } from '../../domain/validation.ts';

export const validatePositionGroupsSearch = (search: Record<string, unknown>) => ({
  /** Text within the group's name, code or description. */
  q: textParam(search.q, LIMITS.searchMax),
});

/** The groups whose name, code or description hold the text, ignoring case and ä/ö/å. */
export function matchingGroups<
  G extends { group_name: string; group_code: string; description?: string | null },
>(groups: readonly G[], q: string | undefined): G[] {
  if (!q) return [...groups];
  const term = foldForSearch(q);
  return groups.filter((g) =>
    foldForSearch(`${g.group_name} ${g.group_code} ${g.description ?? ''}`).includes(term),
  );
}
