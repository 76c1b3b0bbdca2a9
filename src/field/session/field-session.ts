/**
 * The field app's session: the console's own session machine (src/machines/auth, the same
 * states, storage keys, single-flight refresh and "offline keeps the session" rule), started with
 * actors that call the server through the field's fetch client instead of the generated axios
 * calls, which the field's small entry leaves out. Signing in is the console's sign-in page.
 */
import { type ActorRefFrom, createActor, fromPromise } from 'xstate';
import type { GetMe200, Login200, RefreshToken200, SessionUser } from '../../api/gen/model';
import {
  type AuthMachine,
  authMachine,
  type LoginInput,
  type LoginOutput,
} from '../../machines/auth/auth.machine.ts';
import { persistCredentials } from '../../machines/auth/auth-persistence.ts';
import { readStoredCredentials } from '../../machines/auth/auth-storage.ts';
import { createSessionBridge } from '../../machines/auth/session-bridge.ts';
import { configureFieldHttp, fieldRequest } from '../api/field-http.ts';

const fieldAuthActors = {
  login: fromPromise<LoginOutput, LoginInput>(async ({ input, signal }) => {
    const answer = await fieldRequest<Login200>({
      method: 'POST',
      path: '/auth/login',
      body: {
        email: input.email,
        password: input.password,
        ...(input.siteId ? { site_id: input.siteId } : {}),
      },
      signal,
    });
    return { token: answer.token, user: answer.user };
  }),
  fetchUser: fromPromise<SessionUser>(
    async ({ signal }) => (await fieldRequest<GetMe200>({ method: 'GET', path: '/auth/me', signal })).user,
  ),
  // The server wants a JSON body (an empty object) and reads the httpOnly refresh cookie.
  refreshToken: fromPromise<string>(
    async ({ signal }) =>
      (await fieldRequest<RefreshToken200>({ method: 'POST', path: '/auth/refresh', body: {}, signal }))
        .token,
  ),
  logout: fromPromise<unknown>(async ({ signal }) =>
    fieldRequest<unknown>({ method: 'POST', path: '/auth/logout', signal }),
  ),
};

export function startFieldSession(): ActorRefFrom<AuthMachine> {
  const stored = readStoredCredentials();
  const actor = createActor(authMachine.provide({ actors: fieldAuthActors }), { input: stored });
  persistCredentials(actor, stored);
  configureFieldHttp(createSessionBridge(actor));
  return actor.start();
}
