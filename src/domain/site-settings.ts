/** Site settings and their defaults (spec §3); server values overlay these. */
export interface SiteSettings {
  siteName: string;
  siteDescription: string;
  maxUsersPerSite: number;
  allowGuestAccess: boolean;
  enableNfcTagValidation: boolean;
  autoArchiveWorkEntries: boolean;
  workEntryRetentionDays: number;
  maxFileUploadSize: number;
  enableEmailNotifications: boolean;
  adminEmail: string;
  timezone: string;
  dateFormat: string;
  defaultUserRole: 'worker' | 'manager';
}

export const DEFAULT_SITE_SETTINGS: Readonly<SiteSettings> = {
  siteName: 'Tagger Site',
  siteDescription: 'Industrial construction site management',
  maxUsersPerSite: 1000,
  allowGuestAccess: false,
  enableNfcTagValidation: true,
  autoArchiveWorkEntries: false,
  workEntryRetentionDays: 365,
  maxFileUploadSize: 10,
  enableEmailNotifications: true,
  adminEmail: '',
  timezone: 'UTC',
  dateFormat: 'DD/MM/YYYY',
  defaultUserRole: 'worker',
};
