/**
 * The sign-in page's language menu: the top bar's menu (language-menu.tsx) in plain elements with
 * the theme's classes, so that the first load needs no PrimeReact component. A menu button: Enter,
 * Space or ArrowDown opens it on the current language, arrows move, Escape closes it and returns
 * focus to the button, a click elsewhere closes it.
 */
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, toLanguage } from '../../i18n/languages.ts';

export function LanguagePicker() {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const current = toLanguage(i18n.resolvedLanguage);

  useEffect(() => {
    if (!open) return;
    const items = root.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]');
    const index = LANGUAGES.indexOf(current);
    items?.[index >= 0 ? index : 0]?.focus();
    const outside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open, current]);

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  const choose = (lng: string) => {
    void i18n.changeLanguage(lng);
    close();
  };
  const onMenuKey = (event: KeyboardEvent) => {
    const items = [...(root.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? [])];
    const at = items.indexOf(document.activeElement as HTMLButtonElement);
    const move = { ArrowDown: 1, ArrowUp: -1 }[event.key];
    if (move) {
      event.preventDefault();
      items[(at + move + items.length) % items.length]?.focus();
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      items[event.key === 'Home' ? 0 : items.length - 1]?.focus();
    } else if (event.key === 'Escape' || event.key === 'Tab') {
      if (event.key === 'Escape') event.preventDefault();
      close();
    }
  };

  return (
    <div className="language-picker" ref={root}>
      <button
        ref={button}
        type="button"
        className="p-button p-component p-button-text p-button-secondary language-picker__button"
        aria-label={`${t('topBar.language')}: ${current.toUpperCase()}`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((v) => !v)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            setOpen(true);
          }
        }}
      >
        <span className="p-button-icon p-button-icon-left pi pi-globe" aria-hidden="true" />
        <span className="p-button-label">{current.toUpperCase()}</span>
      </button>
      {open ? (
        <div className="p-menu p-component language-picker__menu">
          <div
            className="p-menu-list"
            role="menu"
            id={menuId}
            aria-label={t('topBar.language')}
            onKeyDown={onMenuKey}
          >
            {LANGUAGES.map((lng) => (
              <button
                key={lng}
                type="button"
                role="menuitem"
                lang={lng}
                className="p-menuitem-link language-picker__item"
                onClick={() => choose(lng)}
              >
                <span
                  className={`p-menuitem-icon pi ${lng === current ? 'pi-check' : 'pi-fw'}`}
                  aria-hidden="true"
                />
                <span className="p-menuitem-text">{t(`languages.${lng}`)}</span>
              </button>
            ))}
          </div>
        </div>
      ) : null}
    </div>
  );
}
