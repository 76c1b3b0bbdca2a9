/** The screen's banners: saved for 3 seconds, load and save failures, a stale save. */
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { useTranslation } from 'react-i18next';
import type { SiteSettingsView } from '../../machines/site-settings/site-settings.selectors.ts';

export function SiteSettingsBanners({
  view,
  onRetry,
  onReload,
}: {
  view: SiteSettingsView;
  onRetry: () => void;
  onReload: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div aria-live="polite" className="settings-banners">
      {view.showSaved ? (
        <Message severity="success" text={t('siteSettings.saved')} className="page-alert" />
      ) : null}
      {view.saveFailed ? (
        <Message severity="error" text={t('siteSettings.saveFailed')} className="page-alert" />
      ) : null}
      {view.loadFailed ? (
        <Message
          severity="error"
          className="page-alert"
          content={
            <div className="settings-banner row-between">
              <span>{t('siteSettings.loadFailed')}</span>
              <Button label={t('siteSettings.retry')} size="small" outlined onClick={onRetry} />
            </div>
          }
        />
      ) : null}
      {view.stale ? (
        <Message
          severity="warn"
          className="page-alert"
          content={
            <div className="settings-banner row-between" role="alert">
              <span>{t('siteSettings.stale')}</span>
              <Button
                label={t('siteSettings.reload')}
                icon="pi pi-refresh"
                size="small"
                onClick={onReload}
                disabled={view.busy}
              />
            </div>
          }
        />
      ) : null}
    </div>
  );
}
