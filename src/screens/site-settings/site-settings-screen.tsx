import { Button } from 'primereact/button';
import { ProgressSpinner } from 'primereact/progressspinner';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/common/page-header.tsx';
import { LeaveGuard } from './leave-guard.tsx';
import { SiteSettingsBanners } from './site-settings-banners.tsx';
import { SiteSettingsCards } from './site-settings-cards.tsx';
import { useSiteSettingsForm } from './use-site-settings-form.ts';
import './site-settings.css';

const FORM_ID = 'site-settings-form';

/**
 * Site settings: six cards in one form, saved together. The machine (machines/site-settings) owns
 * loading, dirty, saving, the banners and the stale-save conflict.
 */
export function SiteSettingsScreen() {
  const { t } = useTranslation();
  const { form, view, submit, retry, reload } = useSiteSettingsForm();

  return (
    <section className="page">
      <PageHeader
        title={t('siteSettings.title')}
        subtitle={t('siteSettings.subtitle')}
        actions={
          <Button
            type="submit"
            form={FORM_ID}
            label={view.saving ? t('siteSettings.saving') : t('siteSettings.save')}
            icon="pi pi-save"
            loading={view.saving}
            disabled={!view.canSave}
          />
        }
      />
      <SiteSettingsBanners view={view} onRetry={retry} onReload={reload} />
      {view.showSpinner ? (
        <div className="settings-spinner">
          <ProgressSpinner aria-label={t('common.loading')} strokeWidth="4" />
        </div>
      ) : null}
      {view.hasValues ? (
        <form id={FORM_ID} onSubmit={submit} noValidate>
          <fieldset className="settings-fieldset" disabled={view.busy || view.loadFailed}>
            <SiteSettingsCards control={form.control} />
          </fieldset>
        </form>
      ) : null}
      <LeaveGuard dirty={view.dirty} />
    </section>
  );
}
