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
import { svCore } from './core-sv.ts';
import type { Translation } from './en.ts';

export const sv: Translation = {
  ...svCore,
  dashboard: dashboard.sv,
  field: field.sv,
  users: users.sv,
  workEntries: workEntries.sv,
  account: account.sv,
  assignments: assignments.sv,
  userGroups: userGroups.sv,
  positions: positions.sv,
  positionGroups: positionGroups.sv,
  rolesScreen: rolesScreen.sv,
  siteSettings: siteSettings.sv,
  systemStatus: systemStatus.sv,
  tasks: tasks.sv,
};
