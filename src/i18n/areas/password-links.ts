import { defineArea } from '../define-area.ts';

/** The pages of the emailed links, outside the signed-in console: forgot, set and reset password. */
export const passwordLinks = defineArea({
  en: {
    forgot: {
      title: 'Forgot your password?',
      subtitle: 'Enter the email address you sign in with. We will send you a link to choose a new password.',
      email: 'Email',
      submit: 'Send link',
      sent: 'If an account with this email exists, a link to choose a new password is on its way. It works for 30 minutes. Check your inbox.',
      rateLimited: 'Too many requests. Please wait a while and try again.',
      failed: 'The request could not be sent. Please try again.',
      backToSignIn: 'Back to sign in',
    },
    set: {
      invitationTitle: 'Set your password',
      invitationSubtitle: 'Welcome, {{name}}. Choose a password for {{email}}.',
      resetTitle: 'Choose a new password',
      resetSubtitle: 'For {{email}}. Every session of the account ends when you save.',
      password: 'New password',
      confirm: 'New password again',
      mismatch: 'The passwords do not match',
      rules: 'At least {{min}} characters.',
      submit: 'Save password',
      checking: 'Checking the link...',
      invalid: 'This link is not valid. Ask for a new one.',
      expired: 'This link has expired. Ask for a new one.',
      used: 'This link has been used already.',
      askAdmin: 'Ask your site administrator to send you a new invitation.',
      askReset: 'Request a new link',
      failed: 'The password could not be saved. Please try again.',
    },
  },
  fi: {
    forgot: {
      title: 'Unohditko salasanasi?',
      subtitle:
        'Anna sähköpostiosoite, jolla kirjaudut. Lähetämme linkin, jolla voit valita uuden salasanan.',
      email: 'Sähköposti',
      submit: 'Lähetä linkki',
      sent: 'Jos tällä sähköpostiosoitteella on tili, linkki uuden salasanan valintaan on matkalla. Se toimii 30 minuuttia. Tarkista saapuneet viestisi.',
      rateLimited: 'Liian monta pyyntöä. Odota hetki ja yritä uudelleen.',
      failed: 'Pyyntöä ei voitu lähettää. Yritä uudelleen.',
      backToSignIn: 'Takaisin kirjautumiseen',
    },
    set: {
      invitationTitle: 'Valitse salasanasi',
      invitationSubtitle: 'Tervetuloa, {{name}}. Valitse salasana tilille {{email}}.',
      resetTitle: 'Valitse uusi salasana',
      resetSubtitle: 'Tilille {{email}}. Kaikki tilin istunnot päättyvät, kun tallennat.',
      password: 'Uusi salasana',
      confirm: 'Uusi salasana uudelleen',
      mismatch: 'Salasanat eivät täsmää',
      rules: 'Vähintään {{min}} merkkiä.',
      submit: 'Tallenna salasana',
      checking: 'Tarkistetaan linkkiä...',
      invalid: 'Linkki ei ole voimassa. Pyydä uusi.',
      expired: 'Linkki on vanhentunut. Pyydä uusi.',
      used: 'Linkki on jo käytetty.',
      askAdmin: 'Pyydä työmaan ylläpitäjää lähettämään uusi kutsu.',
      askReset: 'Pyydä uusi linkki',
      failed: 'Salasanaa ei voitu tallentaa. Yritä uudelleen.',
    },
  },
  sv: {
    forgot: {
      title: 'Glömt ditt lösenord?',
      subtitle:
        'Ange e-postadressen du loggar in med. Vi skickar en länk där du kan välja ett nytt lösenord.',
      email: 'E-post',
      submit: 'Skicka länk',
      sent: 'Om det finns ett konto med den här e-postadressen är en länk för att välja ett nytt lösenord på väg. Den fungerar i 30 minuter. Titta i din inkorg.',
      rateLimited: 'För många förfrågningar. Vänta en stund och försök igen.',
      failed: 'Begäran kunde inte skickas. Försök igen.',
      backToSignIn: 'Tillbaka till inloggningen',
    },
    set: {
      invitationTitle: 'Välj ditt lösenord',
      invitationSubtitle: 'Välkommen, {{name}}. Välj ett lösenord för {{email}}.',
      resetTitle: 'Välj ett nytt lösenord',
      resetSubtitle: 'För {{email}}. Alla sessioner för kontot avslutas när du sparar.',
      password: 'Nytt lösenord',
      confirm: 'Nytt lösenord igen',
      mismatch: 'Lösenorden matchar inte',
      rules: 'Minst {{min}} tecken.',
      submit: 'Spara lösenord',
      checking: 'Kontrollerar länken...',
      invalid: 'Länken är inte giltig. Be om en ny.',
      expired: 'Länken har gått ut. Be om en ny.',
      used: 'Länken har redan använts.',
      askAdmin: 'Be arbetsplatsens administratör att skicka en ny inbjudan.',
      askReset: 'Begär en ny länk',
      failed: 'Lösenordet kunde inte sparas. Försök igen.',
    },
  },
});

declare module './index.ts' {
  interface AreaRegistry {
    passwordLinks: typeof passwordLinks;
  }
}
