/** Sign-in, the current user, token refresh and sign-out. The session logic is in services/sessions.ts. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errors } from '../../lib/errors.ts';
import { authenticate, requireAuth } from '../../plugins/authorization.ts';
import { AccountUpdate, PasswordChange } from '../../schemas/account.ts';
import {
  LoginRequest,
  LoginResponse,
  MeResponse,
  RefreshRequest,
  RefreshResponse,
} from '../../schemas/auth.ts';
import { errorResponse } from '../../schemas/common.ts';
import { findSessionByRefreshToken, revokeSession, rotateSession } from '../../services/sessions.ts';
import { changeOwnPassword, updateOwnAccount } from './account.ts';
import { clearRefreshCookie, readRefreshCookie, refreshRequestGuard, setRefreshCookie } from './cookie.ts';
import { loadSessionUser } from './session-user.ts';
import { signIn } from './sign-in.ts';

const tags = ['auth'];
const noSession = () => errors.unauthorized('No valid refresh session', 'INVALID_REFRESH_TOKEN');

const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // The console posts refresh and logout with a JSON content type and no body: read that as {}.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = (body as string).trim();
    if (text === '') return done(null, {});
    try {
      done(null, JSON.parse(text));
    } catch {
      done(
        Object.assign(new Error('Invalid JSON'), { statusCode: 400, code: 'FST_ERR_CTP_INVALID_JSON_BODY' }),
      );
    }
  });

  app.post(
    '/login',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'login',
        tags,
        summary: 'Sign in',
        security: [],
        body: LoginRequest,
        response: {
          200: LoginResponse,
          401: errorResponse('Invalid email or password'),
          429: errorResponse('Too many failed attempts'),
        },
      },
    },
    async (request, reply) => {
      const { email, password, site_id: siteId = 'main' } = request.body;
      return signIn(app, request, reply, { email, password, siteId });
    },
  );

  app.get(
    '/me',
    {
      config: { access: 'authenticated' },
      schema: { operationId: 'getMe', tags, summary: 'The signed-in user', response: { 200: MeResponse } },
    },
    async (request) => {
      const auth = requireAuth(request);
      const user = await loadSessionUser(app.database.db, auth.userId, auth.siteId);
      if (!user?.is_active) throw errors.unauthorized();
      return { user };
    },
  );

  app.put(
    '/me',
    {
      config: { access: 'authenticated' },
      schema: {
        operationId: 'updateMe',
        tags,
        summary: 'Change your own name and console language',
        body: AccountUpdate,
        response: { 200: MeResponse },
      },
    },
    async (request) => ({ user: await updateOwnAccount(app, requireAuth(request), request.body) }),
  );

  app.post(
    '/me/password',
    {
      config: { access: 'authenticated' },
      schema: {
        operationId: 'changeMyPassword',
        tags,
        summary: 'Change your own password (the current one is required); ends your other sessions',
        body: PasswordChange,
        response: {
          200: { $ref: 'MessageResponse' },
          429: errorResponse('Too many failed attempts'),
        },
      },
    },
    async (request) => changeOwnPassword(app, request, requireAuth(request), request.body),
  );

  app.post(
    '/refresh',
    {
      config: { access: 'public' },
      onRequest: refreshRequestGuard(app),
      schema: {
        operationId: 'refreshToken',
        tags,
        summary: 'A new access token from the refresh cookie (rotated on every use)',
        security: [],
        body: RefreshRequest,
        response: {
          200: RefreshResponse,
          401: errorResponse('No valid refresh session'),
          403: errorResponse('Cross-site request refused'),
        },
      },
    },
    async (request, reply) => {
      const presented = readRefreshCookie(request);
      if (!presented) throw noSession();
      const outcome = await rotateSession(app, presented);
      if (!outcome.ok) {
        clearRefreshCookie(request, reply);
        throw noSession();
      }
      const { session } = outcome;
      // The user may have been deactivated or given another role since the session began.
      const user = await loadSessionUser(app.database.db, session.userId, session.siteId);
      if (!user?.is_active) {
        await revokeSession(app, session.id, 'user inactive');
        clearRefreshCookie(request, reply);
        throw noSession();
      }
      // Inside the grace period the browser already holds the rotated cookie from the first answer.
      if (outcome.refreshToken) setRefreshCookie(request, reply, outcome.refreshToken, session.expiresAt);
      const token = await app.services.tokens.sign({
        userId: user.id,
        siteId: user.site_id,
        role: user.role,
        sessionId: session.id,
      });
      return { token };
    },
  );

  app.post(
    '/logout',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'logout',
        tags,
        summary: 'Sign out: revokes the session',
        security: [],
        response: { 200: { $ref: 'MessageResponse' } },
      },
    },
    async (request, reply) => {
      // The session named by a valid access token, and the one the refresh cookie belongs to
      // (the only handle left once the access token has expired).
      const sessionIds = new Set<string>();
      const auth = await authenticate(app, request);
      if (auth) sessionIds.add(auth.sessionId);
      const presented = readRefreshCookie(request);
      if (presented) {
        const found = await findSessionByRefreshToken(app.database.db, presented);
        if (found) sessionIds.add(found.session.id);
      }
      for (const id of sessionIds) await revokeSession(app, id, 'signed out');
      clearRefreshCookie(request, reply);
      return { message: 'Signed out' };
    },
  );
};

export default authRoutes;
