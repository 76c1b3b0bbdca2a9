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

export const fi: Translation = {
  app: {
    name: 'Tagger Admin',
    consoleName: 'Taggerin hallintakonsoli',
    description:
      'Teollisuuden rakennustyömaiden hallintasovellus työntekijöille, työnjohdolle ja ylläpitäjille.',
  },
  common: {
    loading: 'Ladataan...',
    save: 'Tallenna',
    cancel: 'Peruuta',
    close: 'Sulje',
    edit: 'Muokkaa',
    delete: 'Poista',
    yes: 'Kyllä',
    no: 'Ei',
    actions: 'Toiminnot',
    noData: 'Ei tietoja',
    success: 'Onnistui',
    error: 'Virhe',
    rowsPerPage: 'Rivejä sivulla',
    saved: 'Tallennettu',
    deleted: 'Poistettu',
  },
  errors: {
    accessDenied: 'Pääsy estetty. Sinulla ei ole oikeutta tämän sivun katseluun.',
    loadFailed: 'Tietojen lataaminen epäonnistui',
    deleteFailed: 'Poistaminen epäonnistui',
  },
  validation: {
    required: 'Tämä kenttä on pakollinen',
    email: 'Anna kelvollinen sähköpostiosoite',
    minLength: 'Vähimmäispituus on {{min}} merkkiä',
    maxLength: 'Enimmäispituus on {{max}} merkkiä',
  },
  languages: { en: 'English', fi: 'Suomi', sv: 'Svenska' },
  roles: { admin: 'Ylläpitäjä', owner: 'Omistaja', manager: 'Työnjohtaja', worker: 'Työntekijä' },
  status: { active: 'Käytössä', inactive: 'Poissa käytöstä' },
  nav: {
    roles: 'Roolit ja käyttöoikeudet',
    siteSettings: 'Työmaan asetukset',
    systemStatus: 'Järjestelmän tila',
    dashboard: 'Etusivu',
    management: 'Hallinta',
    users: 'Käyttäjät',
    positions: 'Kohteet',
    taskManagement: 'Tehtävät',
    positionTaskAssignments: 'Tehtävien liitokset',
    positionGroups: 'Kohderyhmät',
    userGroups: 'Käyttäjäryhmät',
    administration: 'Ylläpito',
    mainNavigation: 'Päävalikko',
    toggleSidebar: 'Näytä tai piilota valikko',
    workEntries: 'Työkirjaukset',
  },
  topBar: {
    language: 'Kieli',
    site: 'Työmaa',
    account: 'Käyttäjävalikko',
    profile: 'Profiili',
    logout: 'Kirjaudu ulos',
  },
  profile: {
    title: 'Profiili',
    name: 'Nimi',
    email: 'Sähköposti',
    role: 'Rooli',
    site: 'Työmaa',
    status: 'Tila',
    memberSince: 'Käyttäjä alkaen',
  },
  login: {
    welcome: 'Tervetuloa Taggerin hallintakonsoliin',
    title: 'Kirjaudu sisään',
    subtitle: 'Jatka kirjautumalla työsähköpostiosoitteellasi.',
    email: 'Sähköposti',
    password: 'Salasana',
    signIn: 'Kirjaudu',
    showPassword: 'Näytä salasana',
    hidePassword: 'Piilota salasana',
    invalidCredentials: 'Virheellinen sähköpostiosoite tai salasana',
    loginFailed: 'Kirjautuminen epäonnistui',
    refreshFailed: 'Käyttäjätietojen päivittäminen epäonnistui',
    rateLimited: 'Liian monta kirjautumisyritystä. Odota hetki ja yritä uudelleen.',
    unavailable: 'Palvelu ei ole juuri nyt käytettävissä. Yritä hetken kuluttua uudelleen.',
  },
  dashboard: dashboard.fi,
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
