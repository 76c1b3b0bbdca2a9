import { keepPreviousData } from '@tanstack/react-query';
import type { ListPositionsParams } from '../../api/gen/model';
import { getListPositionsQueryKey, useListPositions } from '../../api/gen/positions/positions.ts';

/** Every positions list (any page, filter or sort) starts with this key: mutations refresh them all. */
export const positionsListKey = getListPositionsQueryKey();

export type PositionSortField = NonNullable<ListPositionsParams['sort']>;

/**
 * One page of positions, searched and sorted on the server (a site has hundreds, some thousands).
 * The previous page stays on screen while the next loads, so the table does not flash empty.
 */
export function usePositionsPage(params: ListPositionsParams) {
  return useListPositions(params, { query: { placeholderData: keepPreviousData } });
}
