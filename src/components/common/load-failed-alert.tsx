import { Message } from 'primereact/message';
import { useTranslation } from 'react-i18next';

/** The page's "could not load" alert, shown while the screen's list query has failed. */
export function LoadFailedAlert({ show }: { show: boolean }) {
  const { t } = useTranslation();
  return show ? <Message severity="error" text={t('errors.loadFailed')} className="page-alert" /> : null;
}
