/** Adds only the password pages' texts to i18next: they load none of the console's screens. */
import i18n from 'i18next';
import { passwordLinks } from '../../i18n/areas/password-links.ts';

export function addPasswordLinkTexts(): void {
  for (const [lng, texts] of Object.entries(passwordLinks))
    i18n.addResourceBundle(lng, 'translation', { passwordLinks: texts }, true, false);
}
