/** Shown while the session is validated on start. */
import { useTranslation } from 'react-i18next';

export function FullScreenLoading() {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      aria-live="polite"
      className="full-screen-loading"
      style={{ position: 'fixed', inset: 0, display: 'grid', placeItems: 'center', fontSize: '1.25rem' }}
    >
      {t('common.loading')}
    </div>
  );
}
