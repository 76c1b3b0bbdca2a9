/** /field: Scan (or type a code) and My work. */
import { useTranslation } from 'react-i18next';
import { ScanPanel } from '../scan/scan-panel.tsx';
import { LanguageSelect } from './language-select.tsx';
import { MyCoverage } from './my-coverage.tsx';
import { MyWork } from './my-work.tsx';

export function HomeScreen() {
  const { t } = useTranslation();
  return (
    <div className="field-home">
      <h1 className="field-title">{t('field.home.title')}</h1>
      <ScanPanel />
      <MyWork />
      <MyCoverage />
      <LanguageSelect />
    </div>
  );
}
