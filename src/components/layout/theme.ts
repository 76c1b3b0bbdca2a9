/**
 * The console's colour theme: light, dark, or the system's setting (the default),
 * remembered per browser in localStorage. src/styles/theme-init.js applies it before the first
 * paint; this module swaps the theme stylesheet afterwards and follows the system setting live.
 */
import { useSyncExternalStore } from 'react';

export const THEME_CHOICES = ['light', 'dark', 'system'] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];
export type ThemeMode = 'light' | 'dark';

const STORAGE_KEY = 'tagger-theme';
const DARK_QUERY = '(prefers-color-scheme: dark)';
const listeners = new Set<() => void>();

function readChoice(): ThemeChoice {
  try {
    const saved = localStorage.getItem(STORAGE_KEY);
    return saved === 'light' || saved === 'dark' ? saved : 'system';
  } catch {
    return 'system';
  }
}

let choice: ThemeChoice = typeof window === 'undefined' ? 'system' : readChoice();

const systemMode = (): ThemeMode =>
  typeof window !== 'undefined' && window.matchMedia?.(DARK_QUERY).matches ? 'dark' : 'light';

export const themeMode = (c: ThemeChoice = choice): ThemeMode => (c === 'system' ? systemMode() : c);

/** Points the theme stylesheet at the mode's file and marks <html>; the old sheet stays until the new one loads. */
function apply() {
  const mode = themeMode();
  const root = document.documentElement;
  root.dataset.theme = mode;
  root.style.colorScheme = mode;
  const link = document.getElementById('theme-css') as HTMLLinkElement | null;
  const href = link?.dataset[mode];
  if (!link || !href || link.getAttribute('href') === href) return;
  // The new sheet loads beside the old one and replaces it once loaded: no unstyled frame.
  const next = link.cloneNode() as HTMLLinkElement;
  next.href = href;
  next.removeAttribute('blocking');
  next.addEventListener('load', () => link.remove(), { once: true });
  link.id = '';
  link.after(next);
}

export function setThemeChoice(next: ThemeChoice) {
  choice = next;
  try {
    if (next === 'system') localStorage.removeItem(STORAGE_KEY);
    else localStorage.setItem(STORAGE_KEY, next);
  } catch {
    // storage blocked: the choice lasts for this page
  }
  apply();
  for (const listener of listeners) listener();
}

if (typeof window !== 'undefined' && window.matchMedia) {
  window.matchMedia(DARK_QUERY).addEventListener('change', () => {
    if (choice !== 'system') return;
    apply();
    for (const listener of listeners) listener();
  });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current choice and the mode it resolves to, re-rendering on change. */
export function useTheme(): { choice: ThemeChoice; mode: ThemeMode } {
  const current = useSyncExternalStore(subscribe, () => choice);
  const mode = useSyncExternalStore(subscribe, () => themeMode());
  return { choice: current, mode };
}
