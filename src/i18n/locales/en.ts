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
import type { Widen } from '../define-area.ts';
import { enCore } from './core-en.ts';

/** English is the source language: its shape is the type every other language must match. */
export const en = {
  ...enCore,
  dashboard: dashboard.en,
  field: field.en,
  users: users.en,
  workEntries: workEntries.en,
  account: account.en,
  assignments: assignments.en,
  userGroups: userGroups.en,
  positions: positions.en,
  positionGroups: positionGroups.en,
  rolesScreen: rolesScreen.en,
  siteSettings: siteSettings.en,
  systemStatus: systemStatus.en,
  tasks: tasks.en,
} as const;

/** The shape every translation must have: the English keys, with any text as value. */
export type Translation = Widen<typeof en>;
