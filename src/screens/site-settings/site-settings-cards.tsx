/** The six cards of spec §2 Site settings, bound to the form. */
import type { ReactNode } from 'react';
import { type Control, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  DropdownField,
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
        <TextField control={control} name="siteName" id="settings-site-name" label={f('siteName')} />
        <TextAreaField
          control={control}
          name="siteDescription"
          id="settings-description"
          label={f('siteDescription')}
        />
        <TextField
          control={control}
          name="adminEmail"
          id="settings-admin-email"
          type="email"
          autoComplete="email"
          label={f('adminEmail')}
        />
        <TimezoneField
          control={control}
          name="timezone"
          id="settings-timezone"
          label={f('timezone')}
          placeholder={f('timezonePlaceholder')}
        />
      </SettingsCard>

      <SettingsCard id="settings-users" title={t('siteSettings.cards.userManagement')}>
        <WholeNumberField
          control={control}
          name="maxUsersPerSite"
          id="settings-max-users"
          label={f('maxUsersPerSite')}
          hint={f('maxUsersHelp')}
        />
        <DropdownField
          control={control}
          name="defaultUserRole"
          id="settings-default-role"
          label={f('defaultUserRole')}
          hint={f('defaultUserRoleHelp')}
          options={roleOptions}
        />
        <SwitchField
          control={control}
          name="allowGuestAccess"
          id="settings-guest-access"
          label={f('allowGuestAccess')}
          hint={t('siteSettings.noEffectYet')}
        />
      </SettingsCard>

      <SettingsCard id="settings-nfc" title={t('siteSettings.cards.nfc')}>
        <SwitchField
          control={control}
          name="enableNfcTagValidation"
          id="settings-nfc-validation"
          label={f('enableNfcTagValidation')}
          hint={f('enableNfcTagValidationHelp')}
        />
      </SettingsCard>

      <SettingsCard id="settings-data" title={t('siteSettings.cards.dataManagement')}>
        <SwitchField
          control={control}
          name="autoArchiveWorkEntries"
          id="settings-auto-archive"
          label={f('autoArchiveWorkEntries')}
        />
        <WholeNumberField
          control={control}
          name="workEntryRetentionDays"
          id="settings-retention"
          label={f('workEntryRetentionDays')}
          hint={f('retentionHelp')}
          disabled={!autoArchive}
        />
        <WholeNumberField
          control={control}
          name="maxFileUploadSize"
          id="settings-upload-size"
          label={f('maxFileUploadSize')}
          hint={f('maxFileUploadSizeHelp')}
        />
      </SettingsCard>

      <SettingsCard id="settings-notifications" title={t('siteSettings.cards.notifications')}>
        <SwitchField
          control={control}
          name="enableEmailNotifications"
          id="settings-email-notifications"
          label={f('enableEmailNotifications')}
          hint={t('siteSettings.noEffectYet')}
        />
      </SettingsCard>

      <SettingsCard id="settings-display" title={t('siteSettings.cards.display')}>
        <DropdownField
          control={control}
          name="dateFormat"
          id="settings-date-format"
          label={f('dateFormat')}
          hint={`${f('dateFormatHelp')} · ${t('siteSettings.fields.dateFormatExample', { example })}`}
          options={formatOptions}
        />
      </SettingsCard>
    </div>
  );
}
