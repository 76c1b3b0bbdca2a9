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
import type { Translation } from './en.ts';

export const sv: Translation = {
  app: {
    name: 'Tagger Admin',
    consoleName: 'Taggers administrationskonsol',
    description:
      'En applikation för att leda industriella byggarbetsplatser, för arbetare, arbetsledare och administratörer.',
  },
  common: {
    loading: 'Laddar...',
    save: 'Spara',
    cancel: 'Avbryt',
    close: 'Stäng',
    edit: 'Redigera',
    delete: 'Ta bort',
    yes: 'Ja',
    no: 'Nej',
    actions: 'Åtgärder',
    noData: 'Inga uppgifter',
    success: 'Klart',
    error: 'Fel',
    rowsPerPage: 'Rader per sida',
    saved: 'Sparat',
    deleted: 'Borttaget',
  },
  errors: {
    accessDenied: 'Åtkomst nekad. Du har inte behörighet att visa den här sidan.',
    loadFailed: 'Det gick inte att läsa in uppgifterna',
    deleteFailed: 'Det gick inte att ta bort',
  },
  validation: {
    required: 'Fältet är obligatoriskt',
    email: 'Ange en giltig e-postadress',
    minLength: 'Minst {{min}} tecken',
    maxLength: 'Högst {{max}} tecken',
  },
  languages: { en: 'English', fi: 'Suomi', sv: 'Svenska' },
  roles: { admin: 'Administratör', owner: 'Ägare', manager: 'Arbetsledare', worker: 'Arbetare' },
  status: { active: 'Aktiv', inactive: 'Inaktiv' },
  nav: {
    roles: 'Roller och behörigheter',
    siteSettings: 'Platsinställningar',
    systemStatus: 'Systemstatus',
    dashboard: 'Översikt',
    management: 'Hantering',
    users: 'Användare',
    positions: 'Positioner',
    taskManagement: 'Uppgifter',
    positionTaskAssignments: 'Uppgiftstilldelning',
    positionGroups: 'Positionsgrupper',
    userGroups: 'Användargrupper',
    administration: 'Administration',
    mainNavigation: 'Huvudmeny',
    toggleSidebar: 'Visa eller dölj menyn',
    workEntries: 'Arbetsregistreringar',
  },
  topBar: {
    language: 'Språk',
    site: 'Arbetsplats',
    account: 'Kontomeny',
    profile: 'Profil',
    logout: 'Logga ut',
  },
  profile: {
    title: 'Profil',
    name: 'Namn',
    email: 'E-post',
    role: 'Roll',
    site: 'Arbetsplats',
    status: 'Status',
    memberSince: 'Användare sedan',
  },
  login: {
    welcome: 'Välkommen till Taggers administrationskonsol',
    title: 'Logga in',
    subtitle: 'Logga in med din e-postadress från jobbet för att fortsätta.',
    email: 'E-post',
    password: 'Lösenord',
    signIn: 'Logga in',
    showPassword: 'Visa lösenord',
    hidePassword: 'Dölj lösenord',
    invalidCredentials: 'Fel e-postadress eller lösenord',
    loginFailed: 'Inloggningen misslyckades',
    refreshFailed: 'Det gick inte att uppdatera användaruppgifterna',
    rateLimited: 'För många inloggningsförsök. Vänta en stund och försök igen.',
    unavailable: 'Tjänsten är tillfälligt otillgänglig. Försök igen om en stund.',
  },
  dashboard: dashboard.sv,
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
