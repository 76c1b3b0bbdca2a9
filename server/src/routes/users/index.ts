import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { publicUrlOf } from '../../lib/public-url.ts';
import { IdParams } from '../../schemas/common.ts';
import * as schemas from '../../schemas/user.ts';
import { crudRoutes } from '../crud.ts';
import { conflict, contextOf, notFound, routeKit } from '../kit.ts';
import { INVITATION_DAYS, resendInvitation, revokeInvitation } from './invitations.ts';
import * as service from './service.ts';

const { op } = routeKit('users');

const userRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Create is written out below: its answer carries the invitation, and its links need the public address.
  const { createUser, ...rest } = service;
  crudRoutes(
    app,
    'User',
    { schemas, service: rest },
    {
      conflict: 'Email already in use on this site',
      remove: 'Delete a user, or deactivate one that has work history',
    },
  );

  app.post(
    '',
    op(
      'users.create',
      {
        operationId: 'createUser',
        summary: 'Create a user',
        description: `Without a password the user is invited: they get an email with a single-use link, valid ${INVITATION_DAYS} days, to set their own.`,
      },
      {
        body: schemas.UserCreate,
        response: { 201: schemas.UserCreated, ...conflict('Email already in use on this site') },
      },
    ),
    async (request, reply) => {
      const answer = await createUser(
        contextOf(app, request),
        request.body,
        publicUrlOf(app.config, request),
      );
      return reply.code(201).send(answer);
    },
  );

  app.post(
    '/:id/invitation',
    op(
      'users.create',
      {
        operationId: 'resendInvitation',
        summary: 'Send an invited user a new link (the earlier one stops working)',
      },
      {
        params: IdParams,
        response: {
          200: schemas.InvitationResult,
          ...notFound('user'),
          ...conflict('The user has set a password already, or is deactivated'),
        },
      },
    ),
    async (request) =>
      resendInvitation(contextOf(app, request), request.params.id, publicUrlOf(app.config, request)),
  );

  app.delete(
    '/:id/invitation',
    op(
      'users.update',
      {
        operationId: 'revokeInvitation',
        summary: 'Withdraw an invited user’s link; they stay invited until sent a new one or deleted',
      },
      {
        params: IdParams,
        response: {
          200: schemas.UserResponse,
          ...notFound('user'),
          ...conflict('The user has set a password already'),
        },
      },
    ),
    async (request) => revokeInvitation(contextOf(app, request), request.params.id),
  );
};

export default userRoutes;
