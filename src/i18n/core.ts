/**
 * i18next with the console's own texts (locales/core-*.ts): what the sign-in page and the shell
 * need, loaded before the first paint. The screens' texts (areas) are added by area-texts.ts when
 * the app shell loads, so the sign-in page does not download them.
 */
import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { languageDetector } from './detect-language.ts';
import { LANGUAGES } from './languages.ts';
import { enCore } from './locales/core-en.ts';

/** English is bundled (the fallback); Finnish and Swedish load when chosen, before they show. */
const loaders: Record<string, () => Promise<ResourceKey>> = {
  fi: () => import('./locales/core-fi.ts').then((m) => m.fiCore),
  sv: () => import('./locales/core-sv.ts').then((m) => m.svCore),
};

const coreTexts: BackendModule = {
  type: 'backend',
  init() {},
  read(lng, _ns, callback) {
    const load = loaders[lng];
    if (!load) return callback(null, {});
    load().then(
      (texts) => callback(null, texts),
      (error: Error) => callback(error, null),
    );
  },
};

function syncHtmlLang(lng: string | undefined) {
  if (typeof document !== 'undefined' && lng) document.documentElement.lang = lng;
}

i18n.on('languageChanged', syncHtmlLang);

i18n.use(languageDetector).use(coreTexts).use(initReactI18next);

/** Resolves once the starting language's texts are in (main.tsx renders after it). */
export const i18nReady = i18n
  .init({
    resources: { en: { translation: enCore } },
    partialBundledLanguages: true,
    fallbackLng: 'en',
    supportedLngs: [...LANGUAGES],
    // 'fi-FI' from the browser resolves to 'fi'.
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    initAsync: false,
    interpolation: { escapeValue: false },
  })
  .then(() => undefined);

syncHtmlLang(i18n.resolvedLanguage);

export default i18n;
