// @vitest-environment happy-dom
/** The language detection order: ?lng, cookie, localStorage, sessionStorage, browser, <html lang>. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { languageDetector } from '../../src/i18n/detect-language.ts';

const detect = () => (languageDetector.detect as () => string | undefined)();

function setUp({ url = '/', cookie = '', local = '', session = '', browser = ['de-DE'], html = '' }) {
  window.history.replaceState(null, '', url);
  for (const c of document.cookie.split(';')) {
    // biome-ignore lint/suspicious/noDocumentCookie: the detector reads document.cookie, as a server-set cookie would be.
    document.cookie = `${c.split('=')[0].trim()}=; max-age=0; path=/`;
  }
  // biome-ignore lint/suspicious/noDocumentCookie: as above.
  if (cookie) document.cookie = `i18next=${cookie}; path=/`;
  localStorage.clear();
  sessionStorage.clear();
  if (local) localStorage.setItem('i18nextLng', local);
  if (session) sessionStorage.setItem('i18nextLng', session);
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(browser);
  document.documentElement.lang = html;
}

afterEach(() => vi.restoreAllMocks());

describe('language detection', () => {
  it('takes ?lng first, then the cookie, then localStorage, then sessionStorage', () => {
    setUp({ url: '/?lng=sv', cookie: 'fi', local: 'en', session: 'fi' });
    expect(detect()).toBe('sv');
    setUp({ cookie: 'fi', local: 'sv', session: 'en' });
    expect(detect()).toBe('fi');
    setUp({ local: 'sv', session: 'fi' });
    expect(detect()).toBe('sv');
    setUp({ session: 'fi' });
    expect(detect()).toBe('fi');
  });

  it('then the browser’s languages, then the page’s lang attribute', () => {
    setUp({ browser: ['de-DE', 'sv-FI'] });
    expect(detect()).toBe('sv');
    setUp({ browser: ['de-DE'], html: 'fi' });
    expect(detect()).toBe('fi');
    setUp({ browser: ['de-DE'] });
    expect(detect()).toBeUndefined();
  });
});
