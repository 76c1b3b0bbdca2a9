/**
 * The Stately inspector for the screen machines (site settings, system status) under the same
 * dev flag as the session's (VITE_XSTATE_INSPECT=true with `npm run dev`). One inspector window
 * for both screens, opened on first import; events before it is ready are dropped. In a
 * production build import.meta.env.DEV is false, `screenInspect` is undefined and the inspector
 * is not bundled.
 */
import type { InspectionEvent, Observer } from 'xstate';
import { type Inspect, loadInspector } from '../auth/inspector.ts';

let target: Inspect;

function forward(event: InspectionEvent) {
  if (typeof target === 'function') target(event);
  else (target as Partial<Observer<InspectionEvent>> | undefined)?.next?.(event);
}

export const screenInspect: Inspect =
  import.meta.env.DEV && import.meta.env.VITE_XSTATE_INSPECT === 'true' ? forward : undefined;

if (screenInspect) {
  void loadInspector().then((inspect) => {
    target = inspect;
  });
}
