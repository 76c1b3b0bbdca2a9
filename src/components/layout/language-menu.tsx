import { Button } from 'primereact/button';
import { Menu } from 'primereact/menu';
import type { MenuItem } from 'primereact/menuitem';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, toLanguage } from '../../i18n/languages.ts';

export function LanguageMenu() {
  const { t, i18n } = useTranslation();
  const menu = useRef<Menu>(null);
  const current = toLanguage(i18n.resolvedLanguage);
  const items: MenuItem[] = LANGUAGES.map((lng) => ({
    label: t(`languages.${lng}`),
    icon: lng === current ? 'pi pi-check' : 'pi pi-fw',
    command: () => void i18n.changeLanguage(lng),
  }));

  return (
    <>
      <Button
        text
        severity="secondary"
        icon="pi pi-globe"
        label={current.toUpperCase()}
        // The visible code is part of the name (WCAG 2.5.3 label in name).
        aria-label={`${t('topBar.language')}: ${current.toUpperCase()}`}
        aria-haspopup="menu"
        aria-controls="language-menu"
        onClick={(e) => menu.current?.toggle(e)}
        className="topbar-button"
      />
      <Menu model={items} popup ref={menu} id="language-menu" popupAlignment="right" />
    </>
  );
}
