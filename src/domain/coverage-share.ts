/**
 * Guest access to the coverage report, shared by the console's form and the server: a read-only
 * link to one report (a position group or every position, and a period) that expires within
 * SHARE_LIMITS.expiresDaysMax days and can be revoked. Creating one needs the permission
 * `coverage.share` (admin and owner; a custom role may be given it) and the site setting
 * `allowGuestAccess`; with the setting off every link answers 404.
 */
export const SHARE_LIMITS = {
  labelMin: 2,
  labelMax: 100,
  expiresDaysMin: 1,
  expiresDaysMax: 90,
  expiresDaysDefault: 30,
} as const;

/** The public page of a link: `${publicUrl}${SHARE_PATH}/<token>`. */
export const SHARE_PATH = '/share';

export const shareLinkUrl = (publicUrl: string, token: string) =>
  `${publicUrl}${SHARE_PATH}/${encodeURIComponent(token)}`;

export const SHARE_MESSAGES = {
  guestAccessOff: 'Guest access is off in the site settings',
  period: 'The last day must not be before the first',
} as const;
