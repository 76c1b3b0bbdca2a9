/**
 * Which language the console starts in, in this order and with i18next-browser-languagedetector's
 * names (in a fraction of its size, for the first load): `?lng=` in the address, the `i18next`
 * cookie, localStorage `i18nextLng`, sessionStorage `i18nextLng`, the browser's languages, then
 * `<html lang>`; English otherwise. The choice is remembered in localStorage.
 */
import type { LanguageDetectorModule } from 'i18next';
import { LANGUAGES } from './languages.ts';

const STORAGE_KEY = 'i18nextLng';
const COOKIE = 'i18next';

const supported = (lng: string | null | undefined) => {
  const base = (lng ?? '').toLowerCase().split('-')[0];
  return (LANGUAGES as readonly string[]).includes(base) ? base : undefined;
};

function stored(storage: () => Storage): string | null {
  try {
    return storage().getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

function cookie(): string | null {
  try {
    const pair = document.cookie.split(';').find((c) => c.trim().startsWith(`${COOKIE}=`));
    return pair ? decodeURIComponent(pair.split('=')[1] ?? '') : null;
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
      cookie(),
      stored(() => localStorage),
      stored(() => sessionStorage),
      ...(navigator.languages ?? [navigator.language]),
      document.documentElement.lang,
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
