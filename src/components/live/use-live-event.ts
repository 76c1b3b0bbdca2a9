/**
 * Hear the live events (LiveEventsProvider) while a component is mounted: `listener` is called
 * with each event the signed-in user may receive. The latest listener is used without
 * resubscribing, so it may close over state.
 */
import { useContext, useEffect, useRef } from 'react';
import type { LiveEvent } from '../../api/events.ts';
import { LiveEventsContext } from './live-events-provider.tsx';

export function useLiveEvent(listener: (event: LiveEvent) => void): void {
  const hub = useContext(LiveEventsContext);
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(() => hub?.subscribe((event) => latest.current(event)), [hub]);
}
