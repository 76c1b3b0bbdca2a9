/** Every text in every language (tests and tools); the console starts with i18n/core.ts and loads the rest. */
import { en } from './locales/en.ts';
import { fi } from './locales/fi.ts';
import { sv } from './locales/sv.ts';

export const resources = {
  en: { translation: en },
  fi: { translation: fi },
  sv: { translation: sv },
} as const;
