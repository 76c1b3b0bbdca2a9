/**
 * The system status machine for the screen: started on open and stopped on close (useMachine),
 * told when the browser tab hides and shows again (the machine pauses polling meanwhile and
 * refreshes on return), and refreshed when the live event stream says the status changed. `?pollMs=` shortens the 30-second interval in development builds only.
 */
import { useMachine } from '@xstate/react';
import { useEffect } from 'react';
import { useLiveEvent } from '../../components/live/use-live-event.ts';
import { screenInspect } from '../../machines/inspect/dev-inspect.ts';
import { systemStatusActors } from '../../machines/system-status/system-status.actors.ts';
import { systemStatusMachine } from '../../machines/system-status/system-status.machine.ts';

const liveMachine = systemStatusMachine.provide({ actors: systemStatusActors });

function devPollMs(): number | undefined {
  if (!import.meta.env.DEV) return undefined;
  const value = Number(new URLSearchParams(window.location.search).get('pollMs'));
  return Number.isFinite(value) && value >= 500 ? value : undefined;
}

export function useSystemStatus() {
  const [snapshot, send] = useMachine(liveMachine, {
    input: { pollMs: devPollMs() },
    inspect: screenInspect,
  });

  useEffect(() => {
    const onChange = () => send({ type: document.hidden ? 'status.hidden' : 'status.visible' });
    if (document.hidden) onChange();
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, [send]);

  // Pushed: a change of the system's status (Redis lost or back) or of what its metrics count.
  useLiveEvent((event) => {
    if (event.type === 'system.status' || event.type === 'changed') send({ type: 'status.refresh' });
  });

  return {
    ...snapshot.context,
    loading: snapshot.hasTag('loading'),
    refresh: () => send({ type: 'status.refresh' }),
  };
}
