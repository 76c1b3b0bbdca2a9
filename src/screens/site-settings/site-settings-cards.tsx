/** The site settings' six cards, bound to the form. */
import type { ReactNode } from 'react';
import { type Control, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  DropdownField,
  fieldsOf,
  SwitchField,
  TextAreaField,
  TextField,
} from '../../components/common/form-inputs.tsx';
import { DATE_FORMATS, DEFAULT_ROLE_OPTIONS } from '../../domain/site-settings.ts';
import { formatSiteDate } from '../../i18n/format-date.ts';
import type { Translation } from '../../i18n/locales/en.ts';
import { TimezoneField, WholeNumberField } from './site-settings-fields.tsx';
import type { SiteSettingsFormValues } from './site-settings-form.schema.ts';

type CardsProps = { control: Control<SiteSettingsFormValues> };
type FieldKey = Exclude<keyof Translation['siteSettings']['fields'], 'dateFormatExample'>;

function SettingsCard({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="card settings-card" aria-labelledby={id}>
      <h2 id={id} className="settings-card__title">
        {title}
      </h2>
      <div className="settings-card__body">{children}</div>
    </section>
  );
}

export function SiteSettingsCards({ control }: CardsProps) {
  const { t } = useTranslation();
  const f = (key: FieldKey) => t(`siteSettings.fields.${key}`);
  const bind = fieldsOf(control, 'settings');
  /** A setting's input: labelled by its own text, its id `settings-<id>`. */
  const field = <N extends FieldKey & keyof SiteSettingsFormValues>(name: N, id: string) =>
    bind(name, f(name), `settings-${id}`);
  const [autoArchive, timezone, dateFormat] = useWatch({
    control,
    name: ['autoArchiveWorkEntries', 'timezone', 'dateFormat'],
  });
  const roleOptions = DEFAULT_ROLE_OPTIONS.map((role) => ({ label: t(`roles.${role}`), value: role }));
  const formatOptions = DATE_FORMATS.map((format) => ({ label: format, value: format }));
  const example = formatSiteDate(new Date(), { timezone, dateFormat });

  return (
    <div className="settings-grid">
      <SettingsCard id="settings-general" title={t('siteSettings.cards.general')}>
        <TextField {...field('siteName', 'site-name')} />
        <TextAreaField {...field('siteDescription', 'description')} />
        <TextField {...field('adminEmail', 'admin-email')} type="email" autoComplete="email" />
        <TimezoneField {...field('timezone', 'timezone')} placeholder={f('timezonePlaceholder')} />
      </SettingsCard>

      <SettingsCard id="settings-users" title={t('siteSettings.cards.userManagement')}>
        <WholeNumberField {...field('maxUsersPerSite', 'max-users')} hint={f('maxUsersHelp')} />
        <DropdownField
          {...field('defaultUserRole', 'default-role')}
          hint={f('defaultUserRoleHelp')}
          options={roleOptions}
        />
        <SwitchField {...field('allowGuestAccess', 'guest-access')} hint={t('siteSettings.noEffectYet')} />
      </SettingsCard>

      <SettingsCard id="settings-nfc" title={t('siteSettings.cards.nfc')}>
        <SwitchField
          {...field('enableNfcTagValidation', 'nfc-validation')}
          hint={f('enableNfcTagValidationHelp')}
        />
      </SettingsCard>

      <SettingsCard id="settings-data" title={t('siteSettings.cards.dataManagement')}>
        <SwitchField {...field('autoArchiveWorkEntries', 'auto-archive')} />
        <WholeNumberField
          {...field('workEntryRetentionDays', 'retention')}
          hint={f('retentionHelp')}
          disabled={!autoArchive}
        />
        <WholeNumberField {...field('maxFileUploadSize', 'upload-size')} hint={f('maxFileUploadSizeHelp')} />
      </SettingsCard>

      <SettingsCard id="settings-notifications" title={t('siteSettings.cards.notifications')}>
        <SwitchField
          {...field('enableEmailNotifications', 'email-notifications')}
          hint={t('siteSettings.noEffectYet')}
        />
      </SettingsCard>

      <SettingsCard id="settings-display" title={t('siteSettings.cards.display')}>
        <DropdownField
          {...field('dateFormat', 'date-format')}
          hint={`${f('dateFormatHelp')} · ${t('siteSettings.fields.dateFormatExample', { example })}`}
          options={formatOptions}
        />
        <TextField {...field('mapTileUrl', 'map-tile-url')} hint={f('mapTileUrlHelp')} />
      </SettingsCard>
    </div>
  );
}
