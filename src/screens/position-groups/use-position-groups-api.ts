/** The position groups screen's reads, on the generated hooks; mutations refresh by these keys. */
import { useQueryClient } from '@tanstack/react-query';
import {
  getGetPositionGroupQueryOptions,
  getListPositionGroupsQueryKey,
  useListPositionGroups,
} from '../../api/gen/position-groups/position-groups.ts';

export const positionGroupsListKey = getListPositionGroupsQueryKey();

export function usePositionGroupsList() {
  return useListPositionGroups({ query: { select: (body) => body.position_groups } });
}

/**
 * Reads a group with its positions, fresh, for the edit dialog: the list rows carry no members,
 * and the form must start from the current membership (inactive members included).
 */
export function useFetchPositionGroup() {
  const queryClient = useQueryClient();
  return async ({ id }: { id: number }) =>
    (await queryClient.fetchQuery({ ...getGetPositionGroupQueryOptions(id), staleTime: 0 })).position_group;
}
