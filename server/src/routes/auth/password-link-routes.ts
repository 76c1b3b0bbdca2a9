/** The emailed links' public routes (password-links.ts): registered inside the auth routes. */

import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { errorResponse } from '../../schemas/common.ts';
import {
  PasswordLinkInfo,
  PasswordLinkQuery,
  PasswordLinkResult,
  PasswordLinkUse,
  PasswordResetRequest,
} from '../../schemas/password-link.ts';
import {
  acceptInvitation,
  completePasswordReset,
  inspectLink,
  requestPasswordReset,
} from './password-links.ts';

const tags = ['auth'];
const badLink = errorResponse(
  'The link is not valid (LINK_INVALID), has expired (LINK_EXPIRED) or was used (LINK_USED); or the password breaks the rules',
);

export function passwordLinkRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();
  app.post(
    '/password-links/inspect',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'inspectPasswordLink',
        tags,
        summary: 'What an emailed link is for and whose it is, without using it',
        security: [],
        body: PasswordLinkQuery,
        response: { 200: PasswordLinkInfo, 400: badLink },
      },
    },
    async (request) => inspectLink(app, request.body),
  );

  app.post(
    '/invitations/accept',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'acceptInvitation',
        tags,
        summary: 'Set your first password with an invitation link (single use)',
        security: [],
        body: PasswordLinkUse,
        response: { 200: PasswordLinkResult, 400: badLink },
      },
    },
    async (request) => acceptInvitation(app, request, request.body),
  );

  app.post(
    '/password-resets',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'requestPasswordReset',
        tags,
        summary:
          'Email a link to choose a new password; the same answer whether or not the address has an account',
        security: [],
        body: PasswordResetRequest,
        response: {
          200: { $ref: 'MessageResponse' },
          429: errorResponse('Too many requests for this address or from this client'),
        },
      },
    },
    async (request) => requestPasswordReset(app, request, request.body),
  );

  app.post(
    '/password-resets/complete',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'completePasswordReset',
        tags,
        summary:
          'Choose a new password with a reset link (single use); ends every session and trusted device',
        security: [],
        body: PasswordLinkUse,
        response: { 200: PasswordLinkResult, 400: badLink },
      },
    },
    async (request) => completePasswordReset(app, request, request.body),
  );
}
