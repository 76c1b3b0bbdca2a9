import type { Widen } from '../define-area.ts';

/**
 * The console's own texts in English: the shell, sign-in, navigation and what every screen shares.
 * Loaded before the first paint; the screens' areas come with the app shell (../area-texts.ts).
 * English is the source language: its shape is the type every other language must match.
 */
export const enCore = {
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
    savedNamed: '{{name}} saved',
    deleted: 'Deleted successfully',
    undo: 'Undo',
    restored: 'Restored',
    filterOptions: '{{label}}: search',
    filters: 'Filters',
    /** Every duration in one style (src/i18n/format-duration.ts). */
    duration: { hoursMinutes: '{{hours}} h {{minutes}} min', minutes: '{{minutes}} min' },
    /** A date field's placeholder letters (the site's format, e.g. DD/MM/YYYY, in this language). */
    dateLetters: { day: 'DD', month: 'MM', year: 'YYYY' },
    discard: {
      header: 'Discard changes?',
      message: 'You have changes that are not saved. Close the form and lose them?',
      accept: 'Discard',
      keep: 'Keep editing',
    },
    /** An edit dialog's record changed elsewhere: the live notice and a refused save. */
    editConflict: {
      notice: 'Someone else changed this record while you were editing it.',
      message:
        'Someone else saved this record after you opened it. What they changed is marked on the fields.',
      messagePlain: 'Someone else saved this record after you opened it.',
      also: 'They also changed: {{fields}}',
      field: 'Changed by someone else to: {{value}}',
      empty: '(empty)',
      reload: 'Load their version',
      keepMine: 'Keep my values and save',
    },
  },
  errors: {
    accessDenied: 'Access denied. You do not have permission to view this page.',
    loadFailed: 'Error loading data',
    deleteFailed: 'Error deleting',
    restoreFailed: 'Could not restore it. Open the Trash to try again.',
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
    management: 'Management',
    administration: 'Administration',
    mainNavigation: 'Main navigation',
    toggleSidebar: 'Toggle navigation',
    skipToContent: 'Skip to main content',
    fieldApp: 'Field app',
  },
  topBar: {
    language: 'Language',
    theme: 'Theme',
    themeLight: 'Light',
    themeDark: 'Dark',
    themeSystem: 'System',
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
    forgotPassword: 'Forgot your password?',
    passwordSet: 'Your password is set. Sign in with it.',
    passwordReset:
      'Your password has been changed and you were signed out everywhere. Sign in with the new password.',
  },
} as const;

/** The shape every language's core texts must have. */
export type CoreTranslation = Widen<typeof enCore>;
