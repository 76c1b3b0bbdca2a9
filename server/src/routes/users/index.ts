import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { listSiteUsersJson } from '../../repositories/users.ts';
import { IdParams } from '../../schemas/common.ts';
import { UserCreate, UserDeleteResult, UserList, UserResponse, UserUpdate } from '../../schemas/user.ts';
import { conflict, contextOf, notFound, routeKit } from '../kit.ts';
import { createUser, deleteUser, updateUser } from './service.ts';

const { op } = routeKit('users');
const emailTaken = conflict('Email already in use on this site');

const userRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '',
    op(
      'users.read',
      { operationId: 'listUsers', summary: 'Users of the caller’s site' },
      { response: { 200: UserList } },
    ),
    async (request, reply) => {
      const json = await listSiteUsersJson(app.database.db, contextOf(app, request).siteId);
      // Already JSON text: Fastify sends a string as it is.
      return reply.type('application/json; charset=utf-8').send(json as never);
    },
  );

  app.post(
    '',
    op(
      'users.create',
      { operationId: 'createUser', summary: 'Create a user' },
      { body: UserCreate, response: { 201: UserResponse, ...emailTaken } },
    ),
    async (request, reply) => {
      const user = await createUser(contextOf(app, request), request.body);
      return reply.code(201).send({ user });
    },
  );

  app.put(
    '/:id',
    op(
      'users.update',
      { operationId: 'updateUser', summary: 'Update a user' },
      {
        params: IdParams,
        body: UserUpdate,
        response: { 200: UserResponse, ...notFound('user'), ...emailTaken },
      },
    ),
    async (request) => ({ user: await updateUser(contextOf(app, request), request.params.id, request.body) }),
  );

  app.delete(
    '/:id',
    op(
      'users.delete',
      { operationId: 'deleteUser', summary: 'Delete a user, or deactivate one that has work history' },
      { params: IdParams, response: { 200: UserDeleteResult, ...notFound('user') } },
    ),
    async (request) => deleteUser(contextOf(app, request), request.params.id),
  );
};

export default userRoutes;
