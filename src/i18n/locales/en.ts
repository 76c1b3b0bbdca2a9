import { account } from '../areas/account.ts';
import { assignments } from '../areas/assignments.ts';
import { dashboard } from '../areas/dashboard.ts';
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

/** English is the source language: its shape is the type every other language must match. */
export const en = {
  app: {
    name: 'Tagger Admin',
    consoleName: 'Tagger admin console',
    description:
      'An industrial construction site management application for workers, managers and administrators.',
  },
  common: {
    loading: 'Loading...',
    save: 'Save',
    cancel: 'Cancel',
    close: 'Close',
    edit: 'Edit',
    delete: 'Delete',
    yes: 'Yes',
    no: 'No',
    actions: 'Actions',
    noData: 'No data available',
    success: 'Success',
    error: 'Error',
    rowsPerPage: 'Rows per page',
    saved: 'Saved successfully',
    deleted: 'Deleted successfully',
  },
  errors: {
    accessDenied: 'Access denied. You do not have permission to view this page.',
    loadFailed: 'Error loading data',
    deleteFailed: 'Error deleting',
  },
  validation: {
    required: 'This field is required',
    email: 'Please enter a valid email address',
    minLength: 'Minimum length is {{min}} characters',
    maxLength: 'Maximum length is {{max}} characters',
  },
  languages: { en: 'English', fi: 'Suomi', sv: 'Svenska' },
  roles: { admin: 'Admin', owner: 'Owner', manager: 'Manager', worker: 'Worker' },
  status: { active: 'Active', inactive: 'Inactive' },
  nav: {
    roles: 'Roles and permissions',
    siteSettings: 'Site settings',
    systemStatus: 'System status',
    dashboard: 'Dashboard',
    management: 'Management',
    users: 'Users',
    positions: 'Positions',
    taskManagement: 'Task management',
    positionTaskAssignments: 'Task assignments',
    positionGroups: 'Position groups',
    userGroups: 'User groups',
    administration: 'Administration',
    mainNavigation: 'Main navigation',
    toggleSidebar: 'Toggle navigation',
    workEntries: 'Work entries',
  },
  topBar: {
    language: 'Language',
    site: 'Site',
    account: 'Account menu',
    profile: 'Profile',
    logout: 'Logout',
  },
  profile: {
    title: 'Profile',
    name: 'Name',
    email: 'Email',
    role: 'Role',
    site: 'Site',
    status: 'Status',
    memberSince: 'Member since',
  },
  login: {
    welcome: 'Welcome to the Tagger admin console',
    title: 'Sign in',
    subtitle: 'Sign in with your work email address to continue.',
    email: 'Email',
    password: 'Password',
    signIn: 'Sign In',
    showPassword: 'Show password',
    hidePassword: 'Hide password',
    invalidCredentials: 'Invalid email or password',
    loginFailed: 'Login failed',
    refreshFailed: 'Failed to refresh user',
    rateLimited: 'Too many sign-in attempts. Please wait a moment and try again.',
    unavailable: 'The service is temporarily unavailable. Please try again shortly.',
  },
  dashboard: dashboard.en,
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
