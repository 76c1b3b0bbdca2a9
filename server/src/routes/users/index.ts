import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponse, IdParams } from '../../schemas/common.ts';
import { UserCreate, UserDeleteResult, UserList, UserResponse, UserUpdate } from '../../schemas/user.ts';

const tags = ['users'];

const userRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('', {
    config: { access: 'users.read' },
    schema: { operationId: 'listUsers', tags, summary: 'Users of the caller’s site', response: { 200: UserList } },
  }, async () => {
    throw new Error('not implemented');
  });

  app.post('', {
    config: { access: 'users.create' },
    schema: {
      operationId: 'createUser', tags, summary: 'Create a user', body: UserCreate,
      response: { 201: UserResponse, 409: errorResponse('Email already in use on this site') },
    },
  }, async () => {
    throw new Error('not implemented');
  });

  app.put('/:id', {
    config: { access: 'users.update' },
    schema: {
      operationId: 'updateUser', tags, summary: 'Update a user', params: IdParams, body: UserUpdate,
      response: { 200: UserResponse, 404: errorResponse('No such user on this site'), 409: errorResponse('Email already in use on this site') },
    },
  }, async () => {
    throw new Error('not implemented');
  });

  app.delete('/:id', {
    config: { access: 'users.delete' },
    schema: {
      operationId: 'deleteUser', tags, summary: 'Delete a user, or deactivate one that has work history', params: IdParams,
      response: { 200: UserDeleteResult, 404: errorResponse('No such user on this site') },
    },
  }, async () => {
    throw new Error('not implemented');
  });
};

export default userRoutes;
