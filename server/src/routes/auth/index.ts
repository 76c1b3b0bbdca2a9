/**
 * Sign-in, the current user and their own account, token refresh and sign-out: thin routes over
 * service.ts (sign-in, refresh, sign-out) and account-service.ts (the user's own account).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requireAuth } from '../../plugins/authorization.ts';
import { AccountUpdate, PasswordChange } from '../../schemas/account.ts';
import {
  LoginRequest,
  LoginResponse,
  MeResponse,
  RefreshRequest,
  RefreshResponse,
} from '../../schemas/auth.ts';
import { errorResponse } from '../../schemas/common.ts';
import { changeOwnPassword, updateOwnAccount } from './account-service.ts';
import { refreshRequestGuard } from './cookie.ts';
import { notificationPreferenceRoutes } from './notification-routes.ts';
import { passwordLinkRoutes } from './password-link-routes.ts';
import { currentUser, refresh, signIn, signOut } from './service.ts';

const tags = ['auth'];

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

  passwordLinkRoutes(app);
  notificationPreferenceRoutes(app);

  app.get(
    '/me',
    {
      config: { access: 'authenticated' },
      schema: { operationId: 'getMe', tags, summary: 'The signed-in user', response: { 200: MeResponse } },
    },
    async (request) => ({ user: await currentUser(app, requireAuth(request)) }),
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
    async (request) => ({ user: await updateOwnAccount(app, request, requireAuth(request), request.body) }),
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
    async (request, reply) => changeOwnPassword(app, request, reply, requireAuth(request), request.body),
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
    async (request, reply) => refresh(app, request, reply),
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
    async (request, reply) => signOut(app, request, reply),
  );
};

export default authRoutes;
