/**
 * One live event stream per signed-in console (src/api/events.ts), opened by the app shell:
 * - the dashboard's summary (counts, chart, recent activity) is reloaded when a work entry or a
 *   counted list changes, a little later so a burst of changes reloads it once;
 * - a list that changed ("changed" events) is reloaded wherever it is shown; the work-entries list
 *   is not: its screen offers "N new entries" instead of moving under the reader (useLiveEvent);
 * - an open work entry is reloaded when it changes;
 * - `reset` (events were missed) reloads everything shown.
 * Screens hear the events themselves through useLiveEvent.
 */
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useEffect, useMemo, useRef } from 'react';
import { type LiveEvent, openLiveEvents } from '../../api/events.ts';
import type { LiveResource } from '../../domain/live-events.ts';

type Listener = (event: LiveEvent) => void;

export interface LiveEventsHub {
  subscribe(listener: Listener): () => void;
}

export const LiveEventsContext = createContext<LiveEventsHub | null>(null);

const DASHBOARD: QueryKey = ['/dashboard/summary'];
/** The paths whose queries show each list (keys are matched by their path's start). */
const PATHS: Record<LiveResource, string[]> = {
  users: ['/users'],
  positions: ['/positions'],
  position_groups: ['/position-groups'],
  user_groups: ['/user-groups'],
  tasks: ['/tasks', '/unified-tasks', '/task-templates', '/position-task-assignments', '/task-dependencies'],
  roles: ['/roles'],
  site_settings: ['/site-settings'],
  visit_schedules: ['/visit-schedules'],
  coverage: ['/coverage'],
  trash: ['/trash'],
  work_entries_archive: ['/work-entries/archive'],
};
const COUNTED = new Set<LiveResource>(['users', 'positions', 'tasks', 'work_entries_archive']);
/** How long a burst of changes is gathered before the dashboard reloads once. */
const DASHBOARD_DELAY_MS = 300;

export function LiveEventsProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const listeners = useRef(new Set<Listener>());
  const hub = useMemo<LiveEventsHub>(
    () => ({
      subscribe(listener) {
        listeners.current.add(listener);
        return () => listeners.current.delete(listener);
      },
    }),
    [],
  );

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const reloadDashboard = () => {
      clearTimeout(timer);
      timer = setTimeout(
        () => void queryClient.invalidateQueries({ queryKey: DASHBOARD }),
        DASHBOARD_DELAY_MS,
      );
    };
    const reloadPaths = (paths: string[]) =>
      queryClient.invalidateQueries({
        predicate: (query) => {
          const [path] = query.queryKey;
          return typeof path === 'string' && paths.some((p) => path === p || path.startsWith(`${p}/`));
        },
      });
    const close = openLiveEvents({
      onEvent(event) {
        if (event.type === 'changed') {
          void reloadPaths(PATHS[event.data.resource]);
          if (COUNTED.has(event.data.resource)) reloadDashboard();
        } else if (event.type.startsWith('work_entry.') && 'id' in event.data) {
          reloadDashboard();
          void queryClient.invalidateQueries({ queryKey: [`/work-entries/${event.data.id}`] });
        }
        for (const listener of [...listeners.current]) listener(event);
      },
      onReset() {
        void queryClient.invalidateQueries();
      },
    });
    return () => {
      clearTimeout(timer);
      close();
    };
  }, [queryClient]);

  return <LiveEventsContext.Provider value={hub}>{children}</LiveEventsContext.Provider>;
}
