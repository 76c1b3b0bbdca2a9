/**
 * Every registered /api/v1 route × no token × the four roles, generated from the routes the app
 * really registers (captured with an onRoute hook on every Fastify instance buildApp creates).
 * Expectations come from each route's config.access and hasPermission(); the committed ROUTES list
 * makes a new or changed route fail here until it is added on purpose.
 */
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sessions, users } from '../../server/src/db/schema/index.ts';
import { API_PREFIX } from '../../server/src/plugins/authorization.ts';
import { AUDIT_READERS } from '../../src/domain/audit.ts';
import {
  hasAnyPermission,
  hasPermission,
  type Permission,
  ROLES,
  type Role,
} from '../../src/domain/permissions.ts';
import { TRASH_READERS } from '../../src/domain/trash.ts';
import { bearer, buildTestApp, DRIVERS, type TestApp } from './helpers.ts';

const captured = vi.hoisted(() => [] as RouteOptions[]);

vi.mock('fastify', async (importOriginal) => {
  const mod = await importOriginal<typeof import('fastify')>();
  const original = mod.default as unknown as (...args: unknown[]) => import('fastify').FastifyInstance;
  const wrapped = Object.assign((...args: unknown[]) => {
    const app = original(...args);
    app.addHook('onRoute', (route) => {
      captured.push(route);
    });
    return app;
  }, original);
  return { ...mod, default: wrapped };
});

type Access = Permission | { anyOf: readonly Permission[] } | 'authenticated' | 'public';

/** Every /api/v1 route and the access it declares. Add new routes here deliberately. */
const ROUTES: Record<string, Access> = {
  'POST /api/v1/auth/login': 'public',
  'GET /api/v1/auth/me': 'authenticated',
  'PUT /api/v1/auth/me': 'authenticated',
  'POST /api/v1/auth/me/password': 'authenticated',
  'GET /api/v1/auth/me/notifications': 'authenticated',
  'PUT /api/v1/auth/me/notifications': 'authenticated',
  'POST /api/v1/auth/refresh': 'public',
  'POST /api/v1/auth/logout': 'public',
  'POST /api/v1/auth/password-links/inspect': 'public',
  'POST /api/v1/auth/invitations/accept': 'public',
  'POST /api/v1/auth/password-resets': 'public',
  'POST /api/v1/auth/password-resets/complete': 'public',
  'GET /api/v1/users': 'users.read',
  'POST /api/v1/users': 'users.create',
  'PUT /api/v1/users/:id': 'users.update',
  'DELETE /api/v1/users/:id': 'users.delete',
  'POST /api/v1/users/:id/invitation': 'users.create',
  'DELETE /api/v1/users/:id/invitation': 'users.update',
  'GET /api/v1/positions': 'positions.read',
  'POST /api/v1/positions': 'positions.create',
  'PUT /api/v1/positions/:id': 'positions.update',
  'DELETE /api/v1/positions/:id': 'positions.delete',
  'POST /api/v1/positions/import': 'positions.create',
  'GET /api/v1/user-groups': 'user_groups.read',
  'POST /api/v1/user-groups': 'user_groups.create',
  'GET /api/v1/user-groups/user/:userId': 'user_groups.read',
  'GET /api/v1/user-groups/:id': 'user_groups.read',
  'PUT /api/v1/user-groups/:id': 'user_groups.update',
  'DELETE /api/v1/user-groups/:id': 'user_groups.delete',
  'POST /api/v1/user-groups/:id/members': 'user_groups.assign_members',
  'DELETE /api/v1/user-groups/:id/members/:userId': 'user_groups.assign_members',
  'GET /api/v1/user-groups/:id/position-access': 'user_groups.read',
  'POST /api/v1/user-groups/:id/position-access': 'user_groups.assign_members',
  'DELETE /api/v1/user-groups/:id/position-access/:positionGroupId': 'user_groups.assign_members',
  'GET /api/v1/position-groups': 'position_groups.read',
  'POST /api/v1/position-groups': 'position_groups.create',
  'GET /api/v1/position-groups/:id': 'position_groups.read',
  'PUT /api/v1/position-groups/:id': 'position_groups.update',
  'DELETE /api/v1/position-groups/:id': 'position_groups.delete',
  'GET /api/v1/health': 'public',
  'GET /api/v1/ready': 'public',
  'GET /api/v1/system/health': 'system.settings',
  'GET /api/v1/system/metrics': 'system.settings',
  'GET /api/v1/sites': 'authenticated',
  'GET /api/v1/roles': 'roles.read',
  'POST /api/v1/roles': 'roles.create',
  'PUT /api/v1/roles/:id': 'roles.update',
  'DELETE /api/v1/roles/:id': 'roles.delete',
  'GET /api/v1/site-settings': 'system.settings',
  'GET /api/v1/site-settings/display': 'authenticated',
  'GET /api/v1/site-settings/time-zones': 'system.settings',
  'PUT /api/v1/site-settings': 'system.settings',
  'GET /api/v1/tasks': 'tasks.read',
  'POST /api/v1/tasks': 'tasks.create',
  'PUT /api/v1/tasks/:id': 'tasks.update',
  'DELETE /api/v1/tasks/:id': 'tasks.delete',
  'GET /api/v1/unified-tasks/templates': 'tasks.read',
  'POST /api/v1/unified-tasks/templates': 'tasks.create',
  'GET /api/v1/unified-tasks/templates/:id': 'tasks.read',
  'PUT /api/v1/unified-tasks/templates/:id': 'tasks.update',
  'DELETE /api/v1/unified-tasks/templates/:id': 'tasks.delete',
  'GET /api/v1/unified-tasks/templates/:id/instances': 'tasks.read',
  'GET /api/v1/unified-tasks/instances': 'tasks.read',
  'POST /api/v1/unified-tasks/instances': 'tasks.create',
  'POST /api/v1/unified-tasks/instances/from-template': 'tasks.create',
  'GET /api/v1/unified-tasks/instances/:id': 'tasks.read',
  'PUT /api/v1/unified-tasks/instances/:id': 'tasks.update',
  'DELETE /api/v1/unified-tasks/instances/:id': 'tasks.delete',
  'POST /api/v1/unified-tasks/instances/:id/complete': 'tasks.update',
  'POST /api/v1/unified-tasks/bulk/create-instances': 'tasks.create',
  'GET /api/v1/unified-tasks/positions/:id/instances': 'tasks.read',
  'GET /api/v1/unified-tasks/positions/:id/available-templates': 'tasks.read',
  'GET /api/v1/unified-tasks/positions/:id/completion-stats': 'tasks.read',
  'GET /api/v1/unified-tasks/stats/completion': 'tasks.read',
  'GET /api/v1/task-templates': 'tasks.read',
  'POST /api/v1/task-templates': 'tasks.create',
  'POST /api/v1/task-templates/bulk-create': 'tasks.create',
  'GET /api/v1/task-templates/:id': 'tasks.read',
  'PUT /api/v1/task-templates/:id': 'tasks.update',
  'DELETE /api/v1/task-templates/:id': 'tasks.delete',
  'GET /api/v1/position-task-assignments': 'tasks.read',
  'GET /api/v1/position-task-assignments/position/:id/tasks': 'tasks.read',
  'GET /api/v1/position-task-assignments/task/:id/positions': 'tasks.read',
  'POST /api/v1/position-task-assignments': 'tasks.create',
  'POST /api/v1/position-task-assignments/bulk-assign': 'tasks.create',
  'POST /api/v1/position-task-assignments/bulk-rules': 'tasks.create',
  'PUT /api/v1/position-task-assignments/:positionId/:taskId': 'tasks.update',
  'DELETE /api/v1/position-task-assignments/:positionId/:taskId': 'tasks.delete',
  'GET /api/v1/task-dependencies': 'tasks.read',
  'GET /api/v1/task-dependencies/blocked': 'tasks.read',
  'POST /api/v1/task-dependencies': 'tasks.create',
  'POST /api/v1/task-dependencies/validate': 'tasks.create',
  'DELETE /api/v1/task-dependencies/:id': 'tasks.delete',
  'GET /api/v1/work-entries': 'work_entries.read',
  'GET /api/v1/work-entries/export': 'work_entries.export',
  'GET /api/v1/work-entries/photos/:photoId': 'public',
  'GET /api/v1/work-entries/:id': 'work_entries.read',
  'POST /api/v1/work-entries': 'work_entries.create',
  'PUT /api/v1/work-entries/:id': 'work_entries.read',
  'DELETE /api/v1/work-entries/:id': 'work_entries.delete',
  'POST /api/v1/work-entries/:id/photos': 'work_entries.read',
  'GET /api/v1/work-entries/archive': 'work_entries.view_all',
  'GET /api/v1/work-entries/archive/export': 'work_entries.export',
  'GET /api/v1/work-entries/archive/photos/:photoId': 'public',
  'GET /api/v1/work-entries/archive/:id': 'work_entries.view_all',
  'GET /api/v1/field/tags/:tag': 'work_entries.create',
  'GET /api/v1/field/positions/:id': 'work_entries.create',
  'GET /api/v1/field/my-work': 'work_entries.create',
  'GET /api/v1/field/offline-pack': 'work_entries.create',
  'GET /api/v1/field/coverage-windows': 'work_entries.create',
  'POST /api/v1/field/coverage-windows/:id/reason': 'work_entries.create',
  'GET /api/v1/dashboard/summary': 'dashboard.view',
  'GET /api/v1/audit-events': { anyOf: AUDIT_READERS },
  'GET /api/v1/audit-events/verify': 'system.logs',
  'GET /api/v1/trash': { anyOf: TRASH_READERS },
  'POST /api/v1/trash/:id/restore': { anyOf: TRASH_READERS },
  'DELETE /api/v1/trash/:id': 'system.settings',
  'GET /api/v1/visit-schedules': 'positions.read',
  'POST /api/v1/visit-schedules': 'positions.update',
  'GET /api/v1/visit-schedules/:id': 'positions.read',
  'PUT /api/v1/visit-schedules/:id': 'positions.update',
  'DELETE /api/v1/visit-schedules/:id': 'positions.update',
  'GET /api/v1/coverage/report': 'work_entries.view_all',
  'GET /api/v1/coverage/windows': 'work_entries.view_all',
  'POST /api/v1/coverage/windows/:id/excuse': 'work_entries.update',
  'GET /api/v1/coverage/share-links': 'coverage.share',
  'POST /api/v1/coverage/share-links': 'coverage.share',
  'POST /api/v1/coverage/share-links/:id/revoke': 'coverage.share',
  'GET /api/v1/share/:token/coverage': 'public',
  'GET /api/v1/webhooks': 'system.settings',
  'POST /api/v1/webhooks': 'system.settings',
  'GET /api/v1/webhooks/:id': 'system.settings',
  'PUT /api/v1/webhooks/:id': 'system.settings',
  'DELETE /api/v1/webhooks/:id': 'system.settings',
  'POST /api/v1/webhooks/:id/rotate-secret': 'system.settings',
  'POST /api/v1/webhooks/:id/test': 'system.settings',
  'GET /api/v1/webhooks/:id/deliveries': 'system.settings',
  'POST /api/v1/webhooks/:id/deliveries/:deliveryId/retry': 'system.settings',
  'GET /api/v1/coverage/positions-state': 'work_entries.view_all',
  'GET /api/v1/floor-plans': 'positions.read',
  'POST /api/v1/floor-plans': 'positions.update',
  'GET /api/v1/floor-plans/:id': 'positions.read',
  'PUT /api/v1/floor-plans/:id': 'positions.update',
  'DELETE /api/v1/floor-plans/:id': 'positions.update',
  'GET /api/v1/floor-plans/:id/image': 'positions.read',
  'PUT /api/v1/floor-plans/:id/image': 'positions.update',
  'PUT /api/v1/floor-plans/:id/placements': 'positions.update',
  'GET /api/v1/openapi.json': 'public',
  'GET /api/v1/events': 'authenticated',
};

interface Route {
  method: string;
  url: string;
  access: Access;
}

/**
 * Routes whose guard admits several permissions and whose service then asks which one this request
 * needs: the request sent here (no query) is refused there with the service's own code.
 */
const SERVICE_REFUSALS: Record<string, string> = {
  // Without system.logs only one record's history: entity_type and entity_id given.
  'GET /api/v1/audit-events': 'AUDIT_LOG_FORBIDDEN',
};

const guardAllows = (role: Role, access: Access) =>
  access === 'authenticated' ||
  (typeof access === 'string'
    ? hasPermission(role, access as Permission)
    : hasAnyPermission(role, access.anyOf));

function registeredRoutes(): Route[] {
  const routes = new Map<string, Route>();
  for (const r of captured) {
    if (!r.url.startsWith(API_PREFIX)) continue;
    for (const method of [r.method].flat()) {
      if (method === 'HEAD') continue;
      routes.set(`${method} ${r.url}`, { method, url: r.url, access: r.config?.access as Access });
    }
  }
  return [...routes.values()];
}

const GUARD_401 = 'Authentication required';

describe.each(DRIVERS)('permission matrix (%s)', (driver) => {
  let t: TestApp;
  let routes: Route[];
  let victimId = 0;
  const headers = {} as Record<Role, Record<string, string>>;

  beforeAll(async () => {
    captured.length = 0;
    t = await buildTestApp(driver);
    routes = registeredRoutes();
    const { db } = t.app.database;
    for (const role of ROLES) {
      const [u] = await db
        .insert(users)
        .values({
          siteId: 'main',
          email: `matrix-${role}@example.com`,
          firstName: 'Matrix',
          lastName: role,
          role,
          passwordHash: 'x',
        })
        .returning();
      // A real session row, so an endpoint that looks the session up accepts the token too.
      const sessionId = `matrix-${role}`;
      await db.insert(sessions).values({
        id: sessionId,
        siteId: 'main',
        userId: u.id,
        refreshHash: sessionId,
        expiresAt: new Date(Date.now() + 3600_000),
      });
      headers[role] = bearer(
        await t.app.services.tokens.sign({ userId: u.id, siteId: 'main', role, sessionId }),
      );
    }
    // The lowest rank, so anyone allowed to edit or delete users may act on it.
    const [victim] = await db
      .insert(users)
      .values({
        siteId: 'main',
        email: 'matrix-victim@example.com',
        firstName: 'Victim',
        lastName: 'User',
        role: 'worker',
        passwordHash: 'x',
      })
      .returning();
    victimId = victim.id;
  });
  afterAll(async () => t?.close());

  it('the registered routes are exactly the committed list, each with its declared access', () => {
    expect(routes.length).toBeGreaterThan(0);
    const actual = Object.fromEntries(routes.map((r) => [`${r.method} ${r.url}`, r.access]));
    expect(actual).toEqual(ROUTES);
    for (const r of routes) expect(t.app.hasRoute({ method: r.method as 'GET', url: r.url })).toBe(true);
  });

  const request = (r: Route, h?: Record<string, string>) =>
    t.app.inject({
      method: r.method as 'GET',
      url: r.url.replace(/:\w+/g, String(victimId)),
      headers: h,
      ...(r.method === 'GET' || r.method === 'DELETE' ? {} : { payload: {} }),
    });

  it('no token: 401 everywhere except public routes', async () => {
    for (const r of routes) {
      const res = await request(r);
      const label = `${r.method} ${r.url}`;
      if (r.access === 'public') {
        expect(res.statusCode === 401 && res.json().message === GUARD_401, label).toBe(false);
      } else {
        expect(res.statusCode, label).toBe(401);
        expect(res.json()).toMatchObject({ statusCode: 401, code: 'UNAUTHORIZED' });
      }
    }
  });

  it.each(ROLES)('%s: 403 without the permission, through the guard with it', async (role) => {
    for (const r of routes) {
      if (r.access === 'public') continue;
      const res = await request(r, headers[role]);
      const allowed = guardAllows(role, r.access);
      const label = `${role} ${r.method} ${r.url} → ${res.statusCode} ${res.body.slice(0, 120)}`;
      const serviceCode = SERVICE_REFUSALS[`${r.method} ${r.url}`];
      if (allowed && serviceCode && res.statusCode === 403) {
        expect(res.json().code, label).toBe(serviceCode);
      } else if (allowed) {
        expect([401, 403], label).not.toContain(res.statusCode);
      } else {
        expect(res.statusCode, label).toBe(403);
        expect(res.json().code, label).toBe('FORBIDDEN');
      }
    }
  });
});
