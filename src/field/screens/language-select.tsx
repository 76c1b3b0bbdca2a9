/** The field app's language: a native select (big, familiar, works with gloves). */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, toLanguage } from '../../i18n/languages.ts';

export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  const id = useId();
  return (
    <div className="field-language">
      <label htmlFor={id}>{t('topBar.language')}</label>
      <select
        id={id}
        value={toLanguage(i18n.resolvedLanguage)}
        onChange={(e) => void i18n.changeLanguage(e.target.value)}
      >
        {LANGUAGES.map((lng) => (
          <option key={lng} value={lng}>
            {t(`languages.${lng}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
