/**
 * How the HTTP client asks the session for a fresh token after a 401. The machine is the single
 * flight: auth.refresh is only accepted in signedIn.idle, so every caller that arrives while a
 * refresh runs waits for that same refresh instead of starting another.
 */
import { type ActorRefFrom, waitFor } from 'xstate';
import type { AuthMachine } from './auth.machine.ts';

export class SessionExpiredError extends Error {
  override readonly name = 'SessionExpiredError';
}

export interface SessionBridge {
  /** Resolves with a token newer than `staleToken`, or rejects when the session is over. */
  freshToken(staleToken: string | null): Promise<string>;
}

export function createSessionBridge(actor: ActorRefFrom<AuthMachine>): SessionBridge {
  const isRefreshing = (s: ReturnType<typeof actor.getSnapshot>) => s.matches({ signedIn: 'refreshing' });
  return {
    async freshToken(staleToken) {
      const current = actor.getSnapshot();
      if (!current.matches('signedIn')) throw new SessionExpiredError('Not signed in');
      const { token } = current.context;
      // Another request already refreshed while this one was in flight: reuse its token.
      if (!isRefreshing(current) && token && token !== staleToken) return token;
      if (!isRefreshing(current)) actor.send({ type: 'auth.refresh' });
      const settled = await waitFor(actor, (s) => !isRefreshing(s));
      if (settled.matches('signedIn') && settled.context.token) return settled.context.token;
      throw new SessionExpiredError('The session could not be refreshed');
    },
  };
}
