/** Fastify type augmentations shared by every plugin and route. */
import type { Permission, Role } from '#domain/permissions.ts';
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { AuditSealer } from './infra/audit-sealer.ts';
import type { Services } from './infra/index.ts';
import type { Workers } from './jobs/workers.ts';
import type { AuditInput } from './lib/audit-record.ts';

/** Records one audit event in the transaction `db` (the change's own): routes/audit-events/writer.ts. */
export interface AuditWriter {
  (db: Db, event: AuditInput): Promise<void>;
  /**
   * The transaction `db` is rolled back though the request goes on to succeed (a dry run): what
   * was noted of its events for after the answer (live events) is dropped.
   */
  rolledBack?(db: Db): void;
}

/**
 * What a route needs: a permission, any of several (the service then checks which the request
 * needs), any signed-in user, or nothing at all.
 */
export type RouteAccess = Permission | { anyOf: readonly Permission[] } | 'authenticated' | 'public';

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
  /** The audit log, bound to this request's site, actor, request id and client address. */
  audit: AuditWriter;
}

/** Who runs the background jobs: the queue library on PostgreSQL, the in-process scheduler on PGlite, or none. */
export type JobRunner = 'pg-boss' | 'in-process';

/** The background jobs of this process (jobs/index.ts), for the status answer. */
export interface JobsState {
  runner: JobRunner | 'off';
  instance: string;
  names: string[];
  /** Per job: when this process next starts (in-process) or asks for (queue) a run, ms since the epoch. */
  nextRunAt: Map<string, number>;
  /** The loops that drain the outbox and its deliveries (jobs/workers.ts), on every process. */
  workers: Workers;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    services: Services;
    /** False only in the audit benchmark's comparison run (app.ts BuildOptions.audit). */
    auditEnabled: boolean;
    /** Seals audit events into their site's hash chain after they commit (plugins/audit-sealing.ts). */
    auditSealer: AuditSealer;
    /** The background jobs: runner 'off' when built without them (app.ts). */
    jobs: JobsState;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
}
