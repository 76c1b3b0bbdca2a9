/** The email to a site's admin address when the server switches a failing webhook off, in en, fi and sv. */
import type { Language } from '#domain/languages.ts';
import { type RenderedEmail, renderEmail } from './email-layout.ts';

const TEXTS = {
  en: {
    subject: 'Webhook switched off at {site}: {url}',
    greeting: 'Hello,',
    intro:
      'Deliveries to the webhook {url} have failed for a whole day, so Tagger Admin has switched it off.',
    last: 'Last answer: {last}.',
    action: 'Open webhooks',
    fallback: 'If the button does not work, open this address:',
    outro:
      'Fix the receiver, then switch the webhook on again; deliveries younger than 24 hours will be retried.',
  },
  fi: {
    subject: 'Webhook poistettu käytöstä työmaalla {site}: {url}',
    greeting: 'Hei,',
    intro:
      'Toimitukset webhookiin {url} ovat epäonnistuneet koko päivän, joten Tagger Admin poisti sen käytöstä.',
    last: 'Viimeisin vastaus: {last}.',
    action: 'Avaa webhookit',
    fallback: 'Jos painike ei toimi, avaa tämä osoite:',
    outro:
      'Korjaa vastaanottaja ja ota webhook uudelleen käyttöön; alle 24 tuntia vanhat toimitukset yritetään uudelleen.',
  },
  sv: {
    subject: 'Webhook avstängd på {site}: {url}',
    greeting: 'Hej,',
    intro:
      'Leveranserna till webhooken {url} har misslyckats i ett helt dygn, så Tagger Admin har stängt av den.',
    last: 'Senaste svar: {last}.',
    action: 'Öppna webhooks',
    fallback: 'Om knappen inte fungerar, öppna den här adressen:',
    outro: 'Åtgärda mottagaren och slå sedan på webhooken igen; leveranser yngre än 24 timmar försöks igen.',
  },
} satisfies Record<Language, Record<string, string>>;

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (_, k: string) => values[k] ?? '');

export function webhookDisabledEmail(
  language: Language,
  values: { site: string; url: string; last: string },
  link: string,
): RenderedEmail {
  const texts = TEXTS[language];
  const t = (key: keyof typeof texts) => fill(texts[key], values);
  return renderEmail({
    language,
    subject: t('subject'),
    greeting: t('greeting'),
    intro: [t('intro'), t('last')],
    action: { label: t('action'), url: link },
    fallback: t('fallback'),
    outro: [t('outro')],
  });
}
