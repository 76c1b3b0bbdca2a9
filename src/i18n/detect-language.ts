/**
 * Which language the console starts in, like i18next-browser-languagedetector's settings here
 * were (in a fraction of its size, for the first load): `?lng=` in the address, then the language
 * this browser last used (localStorage `i18nextLng`), then the browser's languages; English
 * otherwise. The chosen language is remembered in the same place.
 */
import type { LanguageDetectorModule } from 'i18next';
import { LANGUAGES } from './languages.ts';

const STORAGE_KEY = 'i18nextLng';

const supported = (lng: string | null | undefined) => {
  const base = (lng ?? '').toLowerCase().split('-')[0];
  return (LANGUAGES as readonly string[]).includes(base) ? base : undefined;
};

function stored(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

export const languageDetector: LanguageDetectorModule = {
  type: 'languageDetector',
  detect() {
    if (typeof window === 'undefined') return undefined;
    const candidates = [
      new URLSearchParams(window.location.search).get('lng'),
      stored(),
      ...(navigator.languages ?? [navigator.language]),
    ];
    for (const candidate of candidates) {
      const lng = supported(candidate);
      if (lng) return lng;
    }
    return undefined;
  },
  cacheUserLanguage(lng: string) {
    try {
      localStorage.setItem(STORAGE_KEY, lng);
    } catch {
      // storage blocked: the language lasts for this page
    }
  },
};
