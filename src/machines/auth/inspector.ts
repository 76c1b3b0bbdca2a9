/**
 * Dev-only Stately inspector for the session actor. Enable with VITE_XSTATE_INSPECT=true in
 * .env.local (or `VITE_XSTATE_INSPECT=true npm run dev:console`); it opens the inspector window.
 * import.meta.env.DEV is false in production builds, so the dynamic import is dropped there.
 */
import type { ActorOptions, AnyActorLogic } from 'xstate';

export type Inspect = ActorOptions<AnyActorLogic>['inspect'];

export async function loadInspector(): Promise<Inspect> {
  if (import.meta.env.DEV && import.meta.env.VITE_XSTATE_INSPECT === 'true') {
    const { createBrowserInspector } = await import('@statelyai/inspect');
    return createBrowserInspector().inspect;
  }
  return undefined;
}
