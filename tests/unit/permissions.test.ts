import { describe, expect, it } from 'vitest';
import {
  assignableRoles,
  canEditRole,
  canGiveRole,
  canManageUser,
  hasAllPermissions,
  hasAnyPermission,
  hasPermission,
  PERMISSIONS,
  ROLE_PERMISSIONS,
  ROLE_RANK,
  roleRank,
} from '../../src/domain/permissions.ts';

describe('roles and permissions', () => {
  it('ranks admin 4, owner 3, manager 2, worker 1', () => {
    expect(ROLE_RANK).toEqual({ admin: 4, owner: 3, manager: 2, worker: 1 });
    expect(roleRank('nobody')).toBe(0);
  });

  it('names every permission of the spec', () => {
    const expected = [
      ...['create', 'read', 'update', 'delete'].flatMap((a) => [
        `positions.${a}`,
        `tasks.${a}`,
        `roles.${a}`,
      ]),
      ...['create', 'read', 'update', 'delete', 'assign_roles'].map((a) => `users.${a}`),
      ...['create', 'read', 'update', 'delete', 'assign'].map((a) => `position_groups.${a}`),
      ...['create', 'read', 'update', 'delete', 'assign_members', 'assign_positions'].map(
        (a) => `user_groups.${a}`,
      ),
      ...['create', 'read', 'update', 'delete', 'view_all', 'export'].map((a) => `work_entries.${a}`),
      ...['debug', 'override', 'logs', 'settings'].map((a) => `system.${a}`),
      'dashboard.view',
      'analytics.view',
      'coverage.share',
    ];
    expect([...PERMISSIONS].sort()).toEqual(expected.sort());
  });

  it('gives admin everything and owner everything but system.*', () => {
    expect(ROLE_PERMISSIONS.admin).toEqual(PERMISSIONS);
    expect(ROLE_PERMISSIONS.owner).toEqual(PERMISSIONS.filter((p) => !p.startsWith('system.')));
    expect(hasPermission('owner', 'system.settings')).toBe(false);
    expect(hasPermission('admin', 'system.settings')).toBe(true);
  });

  it('gives the manager exactly the spec list', () => {
    expect([...ROLE_PERMISSIONS.manager].sort()).toEqual(
      [
        'positions.read',
        'positions.update',
        'tasks.create',
        'tasks.read',
        'tasks.update',
        'tasks.delete',
        'users.read',
        'position_groups.read',
        'user_groups.read',
        'user_groups.assign_members',
        'work_entries.read',
        'work_entries.view_all',
        'work_entries.update',
        'work_entries.export',
        'dashboard.view',
        'analytics.view',
      ].sort(),
    );
  });

  it('gives the worker exactly the spec list', () => {
    expect([...ROLE_PERMISSIONS.worker].sort()).toEqual(
      ['positions.read', 'tasks.read', 'work_entries.create', 'work_entries.read', 'dashboard.view'].sort(),
    );
  });

  it('checks any-of and all-of lists', () => {
    expect(hasAnyPermission('worker', ['users.read', 'tasks.read'])).toBe(true);
    expect(hasAllPermissions('worker', ['users.read', 'tasks.read'])).toBe(false);
    expect(hasPermission(undefined, 'dashboard.view')).toBe(false);
  });

  it('lets a user manage only strictly lower ranks, and only with users.create', () => {
    expect(canManageUser('admin', 'owner')).toBe(true);
    expect(canManageUser('admin', 'admin')).toBe(false);
    expect(canManageUser('owner', 'manager')).toBe(true);
    expect(canManageUser('owner', 'owner')).toBe(false);
    // A manager outranks a worker but lacks users.create.
    expect(canManageUser('manager', 'worker')).toBe(false);
  });

  it('never grants a role above the actor, and only an admin makes an admin', () => {
    expect(assignableRoles('admin')).toEqual(['admin', 'owner', 'manager', 'worker']);
    expect(assignableRoles('owner')).toEqual(['owner', 'manager', 'worker']);
    expect(assignableRoles('manager')).toEqual([]);
    expect(canGiveRole('owner', 'admin')).toBe(false);
  });

  it('gives a custom role’s holder only roles within its level and its permissions (the console’s role list)', () => {
    const clerk = { level: 2, permissions: ['dashboard.view', 'users.read', 'users.create', 'users.update'] };
    expect(assignableRoles(clerk)).toEqual([]);
    const nearOwner = { level: 3, permissions: [...ROLE_PERMISSIONS.manager, 'users.create'] };
    expect(assignableRoles(nearOwner)).toEqual(['manager']);
    expect(assignableRoles({ level: 3, permissions: ['users.create'] })).toEqual([]);
  });

  it('lets a viewer edit only roles below them, with roles.update', () => {
    expect(canEditRole('admin', 'owner')).toBe(true);
    expect(canEditRole('owner', 'owner')).toBe(false);
    expect(canEditRole('manager', 'worker')).toBe(false);
  });
});
