import { defineArea } from '../define-area.ts';

/** The Profile dialog's notification email choices. */
export const notifications = defineArea({
  en: {
    title: 'Email notifications',
    intro: 'Emails about positions you manage, sent to your address.',
    failedEntries: 'A work entry failed',
    missedVisits: 'A scheduled visit was missed',
    lateVisits: 'A scheduled visit was late',
    dailyDigest: 'Daily summary at 07:00',
    dailyDigestHint: "Yesterday's entries, failures, coverage and new users.",
    quietHours: 'Quiet hours',
    quietHoursHint: 'Emails due in these hours (site time) are held until they end.',
    quietFrom: 'From',
    quietTo: 'To',
    save: 'Save notifications',
    saved: 'Your notification choices were saved',
    failed: 'Failed to save your notification choices. Please try again',
    loadFailed: 'Your notification choices could not be loaded',
    siteOff:
      'Email notifications are turned off for this site: nothing is sent until an admin turns them on.',
    badTime: 'Enter a time as HH:MM',
  },
  fi: {
    title: 'Sähköposti-ilmoitukset',
    intro: 'Sähköpostit kohteista, joita hallinnoit, osoitteeseesi.',
    failedEntries: 'Työkirjaus epäonnistui',
    missedVisits: 'Aikataulun käynti jäi tekemättä',
    lateVisits: 'Aikataulun käynti myöhästyi',
    dailyDigest: 'Päivän yhteenveto klo 07.00',
    dailyDigestHint: 'Eilisen kirjaukset, epäonnistumiset, kattavuus ja uudet käyttäjät.',
    quietHours: 'Hiljaiset tunnit',
    quietHoursHint: 'Näinä tunteina (työmaan aikaa) tulevat viestit odottavat niiden loppuun.',
    quietFrom: 'Alkaen',
    quietTo: 'Asti',
    save: 'Tallenna ilmoitukset',
    saved: 'Ilmoitusvalintasi tallennettiin',
    failed: 'Ilmoitusvalintojen tallennus epäonnistui. Yritä uudelleen',
    loadFailed: 'Ilmoitusvalintojasi ei voitu ladata',
    siteOff:
      'Sähköposti-ilmoitukset ovat pois päältä tällä työmaalla: mitään ei lähetetä, ennen kuin ylläpitäjä ottaa ne käyttöön.',
    badTime: 'Anna aika muodossa HH:MM',
  },
  sv: {
    title: 'E-postaviseringar',
    intro: 'E-post om positioner du hanterar, till din adress.',
    failedEntries: 'En arbetspost misslyckades',
    missedVisits: 'Ett planerat besök missades',
    lateVisits: 'Ett planerat besök var försenat',
    dailyDigest: 'Daglig sammanfattning kl. 07.00',
    dailyDigestHint: 'Gårdagens poster, misslyckanden, täckning och nya användare.',
    quietHours: 'Tysta timmar',
    quietHoursHint: 'E-post under dessa timmar (platsens tid) hålls kvar tills de är slut.',
    quietFrom: 'Från',
    quietTo: 'Till',
    save: 'Spara aviseringar',
    saved: 'Dina aviseringsval sparades',
    failed: 'Det gick inte att spara dina aviseringsval. Försök igen',
    loadFailed: 'Dina aviseringsval kunde inte läsas in',
    siteOff: 'E-postaviseringar är avstängda för platsen: inget skickas förrän en administratör slår på dem.',
    badTime: 'Ange en tid som HH:MM',
  },
});

declare module './index.ts' {
  interface AreaRegistry {
    notifications: typeof notifications;
  }
}
