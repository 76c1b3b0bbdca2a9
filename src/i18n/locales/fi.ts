import { account } from '../areas/account.ts';
import { assignments } from '../areas/assignments.ts';
import { dashboard } from '../areas/dashboard.ts';
import { field } from '../areas/field.ts';
import { positionGroups } from '../areas/position-groups.ts';
import { positions } from '../areas/positions.ts';
import { roles as rolesScreen } from '../areas/roles.ts';
import { siteSettings } from '../areas/site-settings.ts';
import { systemStatus } from '../areas/system-status.ts';
import { tasks } from '../areas/tasks.ts';
import { userGroups } from '../areas/user-groups.ts';
import { users } from '../areas/users.ts';
import { workEntries } from '../areas/work-entries.ts';
import { fiCore } from './core-fi.ts';
import type { Translation } from './en.ts';

export const fi: Translation = {
  ...fiCore,
  dashboard: dashboard.fi,
  field: field.fi,
  users: users.fi,
  workEntries: workEntries.fi,
  account: account.fi,
  assignments: assignments.fi,
  userGroups: userGroups.fi,
  positions: positions.fi,
  positionGroups: positionGroups.fi,
  rolesScreen: rolesScreen.fi,
  siteSettings: siteSettings.fi,
  systemStatus: systemStatus.fi,
  tasks: tasks.fi,
};
