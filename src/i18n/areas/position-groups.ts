import { defineArea } from '../define-area.ts';

/** The position groups screen, its form and its failures. */
export const positionGroups = defineArea({
  en: {
    nav: 'Position groups',
    permissionArea: 'Position groups',
    title: 'Position groups',
    subtitle: 'Positions gathered into areas, floors or work zones, for granting access and planning work.',
    add: 'Add position group',
    edit: 'Edit position group',
    search: 'Search',
    searchPlaceholder: 'Name, code or description',
    noMatch: 'No position group matches the search',
    columns: {
      name: 'Group name',
      code: 'Code',
      description: 'Description',
      positions: 'Positions',
      created: 'Created',
      status: 'Status',
    },
    positionCount: '{{count}} ({{active}} active)',
    form: {
      name: 'Group name',
      code: 'Group code',
      codeHint: 'Letters, digits, underscores (_) and hyphens (-).',
      generateCode: 'Generate code from the name',
      description: 'Description',
      positions: 'Positions',
      positionsPlaceholder: 'Choose positions',
      positionsFilter: 'Search positions',
      positionsEmpty: 'No active positions',
      active: 'Active',
      activeHint: 'An inactive group is not offered when granting position access.',
      inactiveWarning_one:
        'This group also contains {{count}} inactive position. It is not shown in the list above, but it stays in the group.',
      inactiveWarning_other:
        'This group also contains {{count}} inactive positions. They are not shown in the list above, but they stay in the group.',
    },
    codePattern: 'Use only letters, digits, underscores (_) and hyphens (-)',
    codeTaken: 'A position group with this code already exists',
    unknownPositions: 'Some of the chosen positions no longer exist. Reopen the form and choose again',
    confirmDelete: {
      header: 'Delete position group',
      message:
        'Are you sure you want to delete the position group {{name}}? The positions themselves are not deleted. It stays in the Trash for 30 days.',
    },
    saveFailed: 'Failed to save position group',
  },
  fi: {
    nav: 'Kohderyhmät',
    permissionArea: 'Kohderyhmät',
    title: 'Kohderyhmät',
    subtitle:
      'Kohteet koottuina alueiksi, kerroksiksi tai työlohkoiksi käyttöoikeuksia ja töiden suunnittelua varten.',
    add: 'Lisää kohderyhmä',
    edit: 'Muokkaa kohderyhmää',
    search: 'Haku',
    searchPlaceholder: 'Nimi, tunnus tai kuvaus',
    noMatch: 'Yksikään kohderyhmä ei vastaa hakua',
    columns: {
      name: 'Ryhmän nimi',
      code: 'Tunnus',
      description: 'Kuvaus',
      positions: 'Kohteet',
      created: 'Luotu',
      status: 'Tila',
    },
    positionCount: '{{count}} ({{active}} aktiivista)',
    form: {
      name: 'Ryhmän nimi',
      code: 'Ryhmän tunnus',
      codeHint: 'Kirjaimia, numeroita, alaviivoja (_) ja yhdysmerkkejä (-).',
      generateCode: 'Muodosta tunnus nimestä',
      description: 'Kuvaus',
      positions: 'Kohteet',
      positionsPlaceholder: 'Valitse kohteet',
      positionsFilter: 'Hae kohteita',
      positionsEmpty: 'Ei aktiivisia kohteita',
      active: 'Käytössä',
      activeHint: 'Käytöstä poistettua ryhmää ei tarjota kohteiden käyttöoikeuksia annettaessa.',
      inactiveWarning_one:
        'Ryhmässä on lisäksi {{count}} käytöstä poistettu kohde. Sitä ei näytetä yllä olevassa luettelossa, mutta se pysyy ryhmässä.',
      inactiveWarning_other:
        'Ryhmässä on lisäksi {{count}} käytöstä poistettua kohdetta. Niitä ei näytetä yllä olevassa luettelossa, mutta ne pysyvät ryhmässä.',
    },
    codePattern: 'Käytä vain kirjaimia, numeroita, alaviivoja (_) ja yhdysmerkkejä (-)',
    codeTaken: 'Tällä tunnuksella on jo kohderyhmä',
    unknownPositions:
      'Osaa valituista kohteista ei enää ole. Avaa lomake uudelleen ja valitse kohteet uudestaan',
    confirmDelete: {
      header: 'Poista kohderyhmä',
      message:
        'Haluatko varmasti poistaa kohderyhmän {{name}}? Itse kohteita ei poisteta. Se säilyy Roskakorissa 30 päivää.',
    },
    saveFailed: 'Kohderyhmän tallentaminen epäonnistui',
  },
  sv: {
    nav: 'Positionsgrupper',
    permissionArea: 'Objektgrupper',
    title: 'Positionsgrupper',
    subtitle:
      'Positioner samlade i områden, våningar eller arbetszoner, för behörigheter och planering av arbetet.',
    add: 'Lägg till positionsgrupp',
    edit: 'Redigera positionsgrupp',
    search: 'Sök',
    searchPlaceholder: 'Namn, kod eller beskrivning',
    noMatch: 'Ingen positionsgrupp matchar sökningen',
    columns: {
      name: 'Gruppnamn',
      code: 'Kod',
      description: 'Beskrivning',
      positions: 'Positioner',
      created: 'Skapad',
      status: 'Status',
    },
    positionCount: '{{count}} ({{active}} aktiva)',
    form: {
      name: 'Gruppnamn',
      code: 'Gruppkod',
      codeHint: 'Bokstäver, siffror, understreck (_) och bindestreck (-).',
      generateCode: 'Skapa kod från namnet',
      description: 'Beskrivning',
      positions: 'Positioner',
      positionsPlaceholder: 'Välj positioner',
      positionsFilter: 'Sök positioner',
      positionsEmpty: 'Inga aktiva positioner',
      active: 'Aktiv',
      activeHint: 'En inaktiv grupp erbjuds inte när positionsbehörigheter beviljas.',
      inactiveWarning_one:
        'Gruppen innehåller dessutom {{count}} inaktiv position. Den visas inte i listan ovan, men den finns kvar i gruppen.',
      inactiveWarning_other:
        'Gruppen innehåller dessutom {{count}} inaktiva positioner. De visas inte i listan ovan, men de finns kvar i gruppen.',
    },
    codePattern: 'Använd bara bokstäver, siffror, understreck (_) och bindestreck (-)',
    codeTaken: 'Det finns redan en positionsgrupp med den här koden',
    unknownPositions:
      'Några av de valda positionerna finns inte längre. Öppna formuläret igen och välj på nytt',
    confirmDelete: {
      header: 'Ta bort positionsgrupp',
      message:
        'Vill du verkligen ta bort positionsgruppen {{name}}? Själva positionerna tas inte bort. Den finns kvar i papperskorgen i 30 dagar.',
    },
    saveFailed: 'Det gick inte att spara positionsgruppen',
  },
});

declare module './index.ts' {
  interface AreaRegistry {
    positionGroups: typeof positionGroups;
  }
}
