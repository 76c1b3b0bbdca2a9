/** The coverage screen's URL state: the period, the filters and the position drilled into. */
import { dayParam, enumParam, idParam } from '../../components/routing/search-params.ts';
import { addDays, localDay } from '../../domain/coverage.ts';

export const validateCoverageSearch = (search: Record<string, unknown>) => ({
  from: dayParam(search.from),
  to: dayParam(search.to),
  group: idParam(search.group),
  user: idParam(search.user),
  /** The position whose windows are shown. */
  position: idParam(search.position),
  /** The view: the report (none), the map or the floor plans, and the plan shown. */
  view: enumParam(search.view, ['map', 'plans'] as const),
  plan: idParam(search.plan),
});

export type CoverageSearch = ReturnType<typeof validateCoverageSearch>;

/** The period shown: the URL's, or the last seven days in the site's time zone. */
export function periodOf(search: CoverageSearch, timeZone: string, now = new Date()) {
  let today: string;
  try {
    today = localDay(now, timeZone);
  } catch {
    today = now.toISOString().slice(0, 10);
  }
  const to = search.to ?? today;
  const from = search.from && search.from <= to ? search.from : addDays(to, -6);
  return { from, to };
}
