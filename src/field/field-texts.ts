/** Adds only the field app's texts to i18next: the field screens load none of the console's. */
import i18n from 'i18next';
import { field } from '../i18n/areas/field.ts';

export function addFieldTexts(): void {
  for (const [lng, texts] of Object.entries(field))
    i18n.addResourceBundle(lng, 'translation', { field: texts }, true, false);
}
