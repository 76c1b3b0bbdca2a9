/*
 * Runs in <head> before the first paint (vite.config.ts injects it and fills in the two URLs):
 * picks the theme from the saved choice (localStorage "tagger-theme": light, dark or system) or
 * else the system setting, marks <html data-theme>, and adds that theme's stylesheet, render
 * blocking, so the page never shows in the wrong theme. The other theme's CSS is not loaded. (The
 * field app is another page, field.html, without this script or the theme.)
 * src/components/layout/theme.ts swaps it later.
 */
(() => {
  const urls = { light: '__THEME_LIGHT__', dark: '__THEME_DARK__' };
  let choice = null;
  try {
    choice = localStorage.getItem('tagger-theme');
  } catch {
    // storage blocked: follow the system
  }
  const mode =
    choice === 'light' || choice === 'dark'
      ? choice
      : window.matchMedia('(prefers-color-scheme: dark)').matches
        ? 'dark'
        : 'light';
  const root = document.documentElement;
  root.dataset.theme = mode;
  root.style.colorScheme = mode;
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.id = 'theme-css';
  link.dataset.light = urls.light;
  link.dataset.dark = urls.dark;
  link.href = urls[mode];
  link.setAttribute('blocking', 'render');
  document.head.appendChild(link);
})();
