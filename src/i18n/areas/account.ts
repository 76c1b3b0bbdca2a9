import { defineArea } from '../define-area.ts';

/** The signed-in user's own account in the Profile dialog: name, language, password. */
export const account = defineArea({
  en: {
    detailsTitle: 'Your details',
    firstName: 'First name',
    lastName: 'Last name',
    language: 'Language',
    languageHint: 'The console opens in this language when you sign in.',
    saveDetails: 'Save changes',
    detailsSaved: 'Your details were saved',
    detailsFailed: 'Failed to save your details. Please try again',
    passwordTitle: 'Change password',
    currentPassword: 'Current password',
    newPassword: 'New password',
    confirmPassword: 'Repeat the new password',
    passwordHint: 'You stay signed in here and are signed out on your other devices.',
    changePassword: 'Change password',
    passwordChanged: 'Your password was changed. You were signed out on your other devices.',
    passwordFailed: 'Failed to change the password. Please try again',
    wrongCurrentPassword: 'The current password is not correct',
    passwordsDiffer: 'The passwords do not match',
    tooManyAttempts: 'Too many attempts. Please try again later.',
  },
  fi: {
    detailsTitle: 'Omat tiedot',
    firstName: 'Etunimi',
    lastName: 'Sukunimi',
    language: 'Kieli',
    languageHint: 'Konsoli avautuu tällä kielellä, kun kirjaudut sisään.',
    saveDetails: 'Tallenna muutokset',
    detailsSaved: 'Tietosi tallennettiin',
    detailsFailed: 'Tietojen tallentaminen epäonnistui. Yritä uudelleen',
    passwordTitle: 'Vaihda salasana',
    currentPassword: 'Nykyinen salasana',
    newPassword: 'Uusi salasana',
    confirmPassword: 'Uusi salasana uudelleen',
    passwordHint: 'Pysyt kirjautuneena tällä laitteella, mutta muilta laitteilta sinut kirjataan ulos.',
    changePassword: 'Vaihda salasana',
    passwordChanged: 'Salasanasi on vaihdettu. Sinut kirjattiin ulos muilta laitteilta.',
    passwordFailed: 'Salasanan vaihtaminen epäonnistui. Yritä uudelleen',
    wrongCurrentPassword: 'Nykyinen salasana on väärä',
    passwordsDiffer: 'Salasanat eivät täsmää',
    tooManyAttempts: 'Liian monta yritystä. Yritä myöhemmin uudelleen.',
  },
  sv: {
    detailsTitle: 'Dina uppgifter',
    firstName: 'Förnamn',
    lastName: 'Efternamn',
    language: 'Språk',
    languageHint: 'Konsolen öppnas på det här språket när du loggar in.',
    saveDetails: 'Spara ändringar',
    detailsSaved: 'Dina uppgifter har sparats',
    detailsFailed: 'Det gick inte att spara dina uppgifter. Försök igen',
    passwordTitle: 'Byt lösenord',
    currentPassword: 'Nuvarande lösenord',
    newPassword: 'Nytt lösenord',
    confirmPassword: 'Upprepa det nya lösenordet',
    passwordHint: 'Du förblir inloggad här och loggas ut på dina andra enheter.',
    changePassword: 'Byt lösenord',
    passwordChanged: 'Ditt lösenord har bytts. Du har loggats ut på dina andra enheter.',
    passwordFailed: 'Det gick inte att byta lösenord. Försök igen',
    wrongCurrentPassword: 'Det nuvarande lösenordet är fel',
    passwordsDiffer: 'Lösenorden stämmer inte överens',
    tooManyAttempts: 'För många försök. Försök igen senare.',
  },
});

declare module './index.ts' {
  interface AreaRegistry {
    account: typeof account;
  }
}
