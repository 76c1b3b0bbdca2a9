/**
 * The HTTP client's link to the session: the token to send, and a fresh token after a 401. The
 * machine is the single flight: auth.refresh is only accepted in signedIn.idle, so every caller
 * that arrives while a refresh runs waits for that same refresh instead of starting another.
 */
import { type ActorRefFrom, waitFor } from 'xstate';
import type { SessionLink } from '../../api/http-client.ts';
import type { AuthMachine } from './auth.machine.ts';

export class SessionExpiredError extends Error {
  override readonly name = 'SessionExpiredError';
}

export function createSessionBridge(actor: ActorRefFrom<AuthMachine>): SessionLink {
  const isRefreshing = (s: ReturnType<typeof actor.getSnapshot>) => s.matches({ signedIn: 'refreshing' });
  return {
    // Any state's token, not only signedIn's: loadingUser needs it for GET /auth/me.
    getToken: () => actor.getSnapshot().context.token,
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
