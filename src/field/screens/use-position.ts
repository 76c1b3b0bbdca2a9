/** A position's field view by tag or id, from the server or the phone's copy when offline. */
import { useQuery } from '@tanstack/react-query';
import { positionById, positionByTag, positionCopy } from '../api/field-cache.ts';

export type PositionSource = { tag: string } | { id: number };

export function usePosition(userId: number, source: PositionSource) {
  return useQuery({
    queryKey: ['field', 'position', userId, source],
    queryFn: ({ signal }) =>
      'tag' in source ? positionByTag(userId, source.tag, signal) : positionById(userId, source.id, signal),
    // The copy on the phone answers at once when offline; retrying would only delay it.
    retry: false,
    staleTime: 0,
  });
}

/** The phone's copy of the position (IndexedDB), which answers before the server does. */
export function usePositionCopy(userId: number, source: PositionSource) {
  return useQuery({
    queryKey: ['field', 'position-copy', userId, source],
    queryFn: () => positionCopy(userId, source),
    retry: false,
    staleTime: 0,
  });
}
