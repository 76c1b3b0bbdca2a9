/**
 * The user groups screen's URL state: the selected group and the detail tab, so a reload or a
 * shared link opens the same group on the same tab. Kept apart from the screen so the registry
 * can import it without pulling the screen's chunk.
 */
import { enumParam, idParam } from '../../components/routing/search-params.ts';

export const USER_GROUP_TABS = ['members', 'access'] as const;
export type UserGroupTab = (typeof USER_GROUP_TABS)[number];

export const validateUserGroupsSearch = (search: Record<string, unknown>) => ({
  group: idParam(search.group),
  /** Members is the default and stays out of the URL. */
  tab: enumParam(search.tab, USER_GROUP_TABS) === 'access' ? ('access' as const) : undefined,
});
