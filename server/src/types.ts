/** Fastify type augmentations shared by every plugin and route. */
import type { Permission, Role } from '#domain/permissions.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { Services } from './services/index.ts';

/** What a route needs: a permission, any signed-in user, or nothing at all. */
export type RouteAccess = Permission | 'authenticated' | 'public';

export interface AuthContext {
  userId: number;
  siteId: string;
  role: Role;
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    services: Services;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
}
