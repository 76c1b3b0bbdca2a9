/**
 * The real effects of the session machine: the four auth calls through the generated client.
 * Supplied with authMachine.provide({ actors: authActors }).
 */
import { fromPromise } from 'xstate';
import { getMe, login, logout, refreshToken } from '../../api/gen/auth/auth.ts';
import type { SessionUser } from '../../api/gen/model';
import type { LoginInput, LoginOutput } from './auth.machine.ts';

export const authActors = {
  login: fromPromise<LoginOutput, LoginInput>(async ({ input, signal }) => {
    const body = {
      email: input.email,
      password: input.password,
      ...(input.siteId ? { site_id: input.siteId } : {}),
    };
    const answer = await login(body, undefined, signal);
    return { token: answer.token, user: answer.user };
  }),
  fetchUser: fromPromise<SessionUser>(async ({ signal }) => (await getMe(undefined, signal)).user),
  // The server wants a JSON body (an empty object) and reads the httpOnly refresh cookie.
  refreshToken: fromPromise<string>(async ({ signal }) => (await refreshToken({}, undefined, signal)).token),
  logout: fromPromise<unknown>(async ({ signal }) => logout(undefined, signal)),
};
