import { Button } from 'primereact/button';
import { Menu } from 'primereact/menu';
import type { MenuItem } from 'primereact/menuitem';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { setThemeChoice, THEME_CHOICES, type ThemeChoice, useTheme } from './theme.ts';

const ICONS: Record<ThemeChoice, string> = {
  light: 'pi pi-sun',
  dark: 'pi pi-moon',
  system: 'pi pi-desktop',
};
const LABELS = {
  light: 'topBar.themeLight',
  dark: 'topBar.themeDark',
  system: 'topBar.themeSystem',
} as const;

/** The top bar's theme choice: light, dark or the system's setting. */
export function ThemeMenu() {
  const { t } = useTranslation();
  const menu = useRef<Menu>(null);
  const { choice } = useTheme();
  const items: MenuItem[] = THEME_CHOICES.map((c) => ({
    label: t(LABELS[c]),
    icon: c === choice ? 'pi pi-check' : ICONS[c],
    className: c === choice ? 'menu-item--current' : undefined,
    command: () => setThemeChoice(c),
  }));

  return (
    <>
      <Button
        text
        rounded
        severity="secondary"
        icon={ICONS[choice]}
        aria-label={`${t('topBar.theme')}: ${t(LABELS[choice])}`}
        aria-haspopup="menu"
        aria-controls="theme-menu"
        onClick={(e) => menu.current?.toggle(e)}
        className="topbar-button"
      />
      <Menu model={items} popup ref={menu} id="theme-menu" popupAlignment="right" />
    </>
  );
}
