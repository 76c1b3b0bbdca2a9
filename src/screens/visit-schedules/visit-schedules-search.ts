/** The schedules screen's URL state: the position or group it is filtered to (from their screens). */
import { idParam } from '../../components/routing/search-params.ts';

export const validateVisitSchedulesSearch = (search: Record<string, unknown>) => ({
  position_id: idParam(search.position_id),
  position_group_id: idParam(search.position_group_id),
});
