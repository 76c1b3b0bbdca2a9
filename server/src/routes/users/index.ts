import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { listSiteUsersJson } from '../../repositories/users.ts';
import { UserCreate, UserDeleteResult, UserList, UserResponse, UserUpdate } from '../../schemas/user.ts';
import { crudRoutes } from '../crud.ts';
import { createUser, deleteUser, updateUser } from './service.ts';

const userRoutes: FastifyPluginAsyncTypebox = async (app) => {
  crudRoutes(app, {
    tag: 'users',
    area: 'users',
    names: ['User', 'Users'],
    record: { key: 'user', name: 'user', schema: UserResponse },
    conflict: 'Email already in use on this site',
    list: {
      summary: 'Users of the caller’s site',
      response: UserList,
      run: (ctx) => listSiteUsersJson(ctx.db, ctx.siteId),
    },
    create: { summary: 'Create a user', body: UserCreate, run: createUser },
    update: { summary: 'Update a user', body: UserUpdate, run: updateUser },
    remove: {
      summary: 'Delete a user, or deactivate one that has work history',
      response: UserDeleteResult,
      run: deleteUser,
    },
  });
};

export default userRoutes;
