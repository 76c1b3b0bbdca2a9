export * from './auth/auth.ts';
export * from './position-groups/position-groups.ts';
export * from './positions/positions.ts';
export * from './site-settings/site-settings.ts';
export * from './system/system.ts';
export * from './tasks/tasks.ts';
export * from './user-groups/user-groups.ts';
export * from './users/users.ts';
