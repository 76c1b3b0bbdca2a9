/**
 * The account emails (an invitation, a password reset) in each console language: the recipient's
 * saved language, else the one their request came with, else the site default (English).
 */
import { LANGUAGES, type Language } from '#domain/languages.ts';
import { type RenderedEmail, renderEmail } from './email-layout.ts';

export const DEFAULT_EMAIL_LANGUAGE: Language = 'en';

/** The first of the given values that is a console language, else the default. */
export function emailLanguage(...candidates: (string | null | undefined)[]): Language {
  const found = candidates.find((c): c is Language =>
    (LANGUAGES as readonly (string | null | undefined)[]).includes(c),
  );
  return found ?? DEFAULT_EMAIL_LANGUAGE;
}

type Fill = Record<string, string>;
const fill = (text: string, values: Fill) => text.replace(/\{(\w+)\}/g, (_, k: string) => values[k] ?? '');

const INVITATION = {
  en: {
    subject: 'You are invited to {site} in Tagger Admin',
    greeting: 'Hello {name},',
    intro: '{inviter} has added you to {site} in Tagger Admin. Choose your password to sign in.',
    action: 'Set your password',
    fallback: 'If the button does not work, open this address:',
    validity: 'The link works once and expires in 7 days.',
    ignore: 'If you were not expecting this, you can ignore this email.',
  },
  fi: {
    subject: 'Kutsu työmaalle {site} Tagger Adminissa',
    greeting: 'Hei {name},',
    intro:
      '{inviter} lisäsi sinut työmaalle {site} Tagger Adminissa. Valitse salasana, niin pääset kirjautumaan.',
    action: 'Aseta salasana',
    fallback: 'Jos painike ei toimi, avaa tämä osoite:',
    validity: 'Linkki toimii kerran ja vanhenee 7 päivän kuluttua.',
    ignore: 'Jos et odottanut tätä viestiä, voit jättää sen huomiotta.',
  },
  sv: {
    subject: 'Inbjudan till {site} i Tagger Admin',
    greeting: 'Hej {name},',
    intro: '{inviter} har lagt till dig på {site} i Tagger Admin. Välj ditt lösenord för att logga in.',
    action: 'Välj lösenord',
    fallback: 'Om knappen inte fungerar, öppna den här adressen:',
    validity: 'Länken fungerar en gång och går ut om 7 dagar.',
    ignore: 'Om du inte väntade dig det här kan du bortse från meddelandet.',
  },
} satisfies Record<Language, Record<string, string>>;

const PASSWORD_RESET = {
  en: {
    subject: 'Reset your Tagger Admin password',
    greeting: 'Hello {name},',
    intro: 'Someone asked to reset the password of your account {email} at {site}.',
    action: 'Choose a new password',
    fallback: 'If the button does not work, open this address:',
    validity: 'The link works once and expires in 30 minutes. A new password signs you out everywhere.',
    ignore: 'If you did not ask for this, ignore this email: your password stays as it is.',
  },
  fi: {
    subject: 'Tagger Admin -salasanan vaihto',
    greeting: 'Hei {name},',
    intro: 'Tilisi {email} salasanan vaihtoa pyydettiin työmaalla {site}.',
    action: 'Valitse uusi salasana',
    fallback: 'Jos painike ei toimi, avaa tämä osoite:',
    validity:
      'Linkki toimii kerran ja vanhenee 30 minuutin kuluttua. Uusi salasana kirjaa sinut ulos kaikkialta.',
    ignore: 'Jos et pyytänyt tätä, jätä viesti huomiotta: salasanasi pysyy ennallaan.',
  },
  sv: {
    subject: 'Återställ ditt lösenord i Tagger Admin',
    greeting: 'Hej {name},',
    intro: 'Någon har bett om att återställa lösenordet för ditt konto {email} på {site}.',
    action: 'Välj ett nytt lösenord',
    fallback: 'Om knappen inte fungerar, öppna den här adressen:',
    validity: 'Länken fungerar en gång och går ut om 30 minuter. Ett nytt lösenord loggar ut dig överallt.',
    ignore: 'Om du inte bad om detta kan du bortse från meddelandet: ditt lösenord förblir oförändrat.',
  },
} satisfies Record<Language, Record<string, string>>;

function build(
  texts: (typeof INVITATION)['en'],
  language: Language,
  values: Fill,
  link: string,
): RenderedEmail {
  const t = (key: keyof typeof texts) => fill(texts[key], values);
  return renderEmail({
    language,
    subject: t('subject'),
    greeting: t('greeting'),
    intro: [t('intro')],
    action: { label: t('action'), url: link },
    fallback: t('fallback'),
    outro: [t('validity'), t('ignore')],
  });
}

export function invitationEmail(
  language: Language,
  values: { name: string; inviter: string; site: string },
  link: string,
): RenderedEmail {
  return build(INVITATION[language], language, values, link);
}

export function passwordResetEmail(
  language: Language,
  values: { name: string; email: string; site: string },
  link: string,
): RenderedEmail {
  return build(PASSWORD_RESET[language], language, values, link);
}
