/** The user groups screen's reads, on the generated hooks; mutations refresh by these keys. */
import { useListPositionGroups } from '../../api/gen/position-groups/position-groups.ts';
import {
  getGetUserGroupQueryKey,
  getListUserGroupPositionAccessQueryKey,
  getListUserGroupsQueryKey,
  useGetUserGroup,
  useListUserGroupPositionAccess,
  useListUserGroups,
} from '../../api/gen/user-groups/user-groups.ts';

/** Every variant of the list (it is keyed by its params), for refreshing after a change. */
export const userGroupsListKey = getListUserGroupsQueryKey();
export const userGroupKey = (id: number) => getGetUserGroupQueryKey(id);
export const positionAccessKey = (id: number) => getListUserGroupPositionAccessQueryKey(id);

export function useUserGroupsList() {
  return useListUserGroups({}, { query: { select: (body) => body.data } });
}

/** The group with its members. */
export function useUserGroup(id: number) {
  return useGetUserGroup(id, { query: { select: (body) => body.data } });
}

export function usePositionAccess(id: number) {
  return useListUserGroupPositionAccess(id, { query: { select: (body) => body.data } });
}

/** Position groups that may still be granted: active ones (inactive ones are hidden from pickers). */
export function useActivePositionGroups(enabled: boolean) {
  return useListPositionGroups({
    query: { enabled, select: (body) => body.position_groups.filter((group) => group.is_active) },
  });
}
