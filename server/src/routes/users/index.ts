import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { listSiteUsersJson } from '../../repositories/users.ts';
import { IdParams } from '../../schemas/common.ts';
import { UserCreate, UserDeleteResult, UserList, UserResponse, UserUpdate } from '../../schemas/user.ts';
import { byIdResult, created, jsonText, updated } from '../handlers.ts';
import { conflict, notFound, routeKit } from '../kit.ts';
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
    jsonText(app, (ctx) => listSiteUsersJson(ctx.db, ctx.siteId)),
  );

  app.post(
    '',
    op(
      'users.create',
      { operationId: 'createUser', summary: 'Create a user' },
      { body: UserCreate, response: { 201: UserResponse, ...emailTaken } },
    ),
    created(app, 'user', createUser),
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
    updated(app, 'user', updateUser),
  );

  app.delete(
    '/:id',
    op(
      'users.delete',
      { operationId: 'deleteUser', summary: 'Delete a user, or deactivate one that has work history' },
      { params: IdParams, response: { 200: UserDeleteResult, ...notFound('user') } },
    ),
    byIdResult(app, deleteUser),
  );
};

export default userRoutes;
