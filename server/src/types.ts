/** Fastify type augmentations shared by every plugin and route. */
import type { Permission, Role } from '#domain/permissions.ts';
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { Services } from './infra/index.ts';

/** What a route needs: a permission, any signed-in user, or nothing at all. */
export type RouteAccess = Permission | 'authenticated' | 'public';

export interface AuthContext {
  userId: number;
  siteId: string;
  role: Role;
  sessionId: string;
}

/**
 * What an area's service is given for one request (routes/kit.ts contextOf): the database (or a
 * transaction of it), the caller's site and identity, and the infrastructure rules may need.
 */
export interface RequestContext {
  db: Db;
  siteId: string;
  actor: AuthContext;
  services: Services;
  sessions: { revokeUser(userId: number, reason: string): Promise<void> };
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
