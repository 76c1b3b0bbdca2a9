/**
 * Adds the screens' texts (src/i18n/areas, through locales/{en,fi,sv}.ts) to i18next. The router
 * loads this module together with the app shell, so the sign-in page's first load leaves them out.
 */
import i18n from 'i18next';
import { en } from './locales/en.ts';
import { fi } from './locales/fi.ts';
import { sv } from './locales/sv.ts';

export function addAreaTexts() {
  for (const [lng, texts] of Object.entries({ en, fi, sv }))
    i18n.addResourceBundle(lng, 'translation', texts, true, false);
}
