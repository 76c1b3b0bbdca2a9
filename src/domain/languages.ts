/** The console's languages: the i18n resources and a user's saved language (users.language) share them. */
export const LANGUAGES = ['en', 'fi', 'sv'] as const;
export type Language = (typeof LANGUAGES)[number];
