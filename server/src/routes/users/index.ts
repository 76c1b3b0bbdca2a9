import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requireAuth } from '../../plugins/authorization.ts';
import { listSiteUsersJson } from '../../repositories/users.ts';
import { errorResponse, IdParams } from '../../schemas/common.ts';
import { UserCreate, UserDeleteResult, UserList, UserResponse, UserUpdate } from '../../schemas/user.ts';
import { createUser, deleteUser, updateUser } from './service.ts';

const tags = ['users'];

const userRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '',
    {
      config: { access: 'users.read' },
      schema: {
        operationId: 'listUsers',
        tags,
        summary: 'Users of the caller’s site',
        response: { 200: UserList },
      },
    },
    async (request, reply) => {
      const json = await listSiteUsersJson(app.database.db, requireAuth(request).siteId);
      // Already JSON text: Fastify sends a string as it is.
      return reply.type('application/json; charset=utf-8').send(json as never);
    },
  );

  app.post(
    '',
    {
      config: { access: 'users.create' },
      schema: {
        operationId: 'createUser',
        tags,
        summary: 'Create a user',
        body: UserCreate,
        response: { 201: UserResponse, 409: errorResponse('Email already in use on this site') },
      },
    },
    async (request, reply) => {
      const user = await createUser(app, requireAuth(request), request.body);
      return reply.code(201).send({ user });
    },
  );

  app.put(
    '/:id',
    {
      config: { access: 'users.update' },
      schema: {
        operationId: 'updateUser',
        tags,
        summary: 'Update a user',
        params: IdParams,
        body: UserUpdate,
        response: {
          200: UserResponse,
          404: errorResponse('No such user on this site'),
          409: errorResponse('Email already in use on this site'),
        },
      },
    },
    async (request) => {
      const user = await updateUser(app, requireAuth(request), request.params.id, request.body);
      return { user };
    },
  );

  app.delete(
    '/:id',
    {
      config: { access: 'users.delete' },
      schema: {
        operationId: 'deleteUser',
        tags,
        summary: 'Delete a user, or deactivate one that has work history',
        params: IdParams,
        response: { 200: UserDeleteResult, 404: errorResponse('No such user on this site') },
      },
    },
    async (request) => deleteUser(app, requireAuth(request), request.params.id),
  );
};

export default userRoutes;
