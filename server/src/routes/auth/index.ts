import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponse, MessageResponse } from '../../schemas/common.ts';
import { LoginRequest, LoginResponse, MeResponse, RefreshRequest, RefreshResponse } from '../../schemas/auth.ts';

const tags = ['auth'];

const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post('/login', {
    config: { access: 'public' },
    schema: {
      operationId: 'login',
      tags,
      summary: 'Sign in',
      security: [],
      body: LoginRequest,
      response: { 200: LoginResponse, 401: errorResponse('Invalid email or password'), 429: errorResponse('Too many failed attempts') },
    },
  }, async () => {
    throw new Error('not implemented');
  });

  app.get('/me', {
    config: { access: 'authenticated' },
    schema: { operationId: 'getMe', tags, summary: 'The signed-in user', response: { 200: MeResponse } },
  }, async () => {
    throw new Error('not implemented');
  });

  app.post('/refresh', {
    config: { access: 'public' },
    schema: {
      operationId: 'refreshToken',
      tags,
      summary: 'A new access token from the refresh cookie (rotated on every use)',
      security: [],
      body: RefreshRequest,
      response: { 200: RefreshResponse, 401: errorResponse('No valid refresh session'), 403: errorResponse('Cross-site request refused') },
    },
  }, async () => {
    throw new Error('not implemented');
  });

  app.post('/logout', {
    config: { access: 'public' },
    schema: { operationId: 'logout', tags, summary: 'Sign out: revokes the session', security: [], response: { 200: { $ref: 'MessageResponse' } } },
  }, async () => {
    throw new Error('not implemented');
  });
};

export default authRoutes;
