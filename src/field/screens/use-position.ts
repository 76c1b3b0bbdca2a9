/** A position's field view by tag or id, from the server or the phone's copy when offline. */
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { positionById, positionByTag, positionCopy } from '../api/field-cache.ts';

export type PositionSource = { tag: string } | { id: number };

const positionQuery = (userId: number, source: PositionSource) => ({
  queryKey: ['field', 'position', userId, source],
  queryFn: ({ signal }: { signal?: AbortSignal }) =>
    'tag' in source ? positionByTag(userId, source.tag, signal) : positionById(userId, source.id, signal),
  // The copy on the phone answers at once when offline; retrying would only delay it.
  retry: false,
  // Read again on every visit, but not a second time when the route's loader has just read it;
  // a sent or refused action invalidates it (field-layout.tsx).
  staleTime: 5_000,
});

export function usePosition(userId: number, source: PositionSource) {
  return useQuery(positionQuery(userId, source));
}

/**
 * The route's loader asks for the position while the screen's chunks load (src/router.tsx), so a
 * tag's first visit does not wait for the screen to render before its one request starts.
 */
export function prefetchPosition(queryClient: QueryClient, userId: number, source: PositionSource) {
  void queryClient.prefetchQuery(positionQuery(userId, source));
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
