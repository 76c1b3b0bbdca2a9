/**
 * A rejected CSV row's reason in the user's language: the server names the column, the rule and
 * its values (row of the duplicate, position holding the tag, bounds), so the text is the
 * console's; a rule it does not know shows the server's English text.
 */
import type { TFunction } from 'i18next';
import type { ImportPositions200RejectedItem } from '../../api/gen/model';

type Rejection = ImportPositions200RejectedItem;

function reasonText(t: TFunction, r: Rejection): string {
  const p = r.params ?? {};
  switch (r.rule) {
    case 'required':
      return t('validation.required');
    case 'minLength':
      return t('validation.minLength', { min: p.min });
    case 'maxLength':
      return t('validation.maxLength', { max: p.max });
    case 'duplicate':
      return t('positions.import.reasons.duplicate', { row: p.other_row });
    case 'unique':
      return r.field === 'nfc_tag_id' && p.position_code !== undefined
        ? t('positions.import.reasons.nfcTaken', { code: p.position_code })
        : t('positions.import.reasons.codeTaken');
    case 'boolean':
      return t('positions.import.reasons.boolean');
    case 'type':
      return t('positions.import.reasons.number');
    case 'minimum':
      return t('positions.import.reasons.minimum', { min: p.min });
    case 'maximum':
      return t('positions.import.reasons.maximum', { max: p.max });
    case 'csv':
      return t('positions.import.reasons.row', { message: r.message });
    default:
      return r.message;
  }
}

const FIELDS = [
  'row',
  'position_code',
  'position_name',
  'description',
  'location_details',
  'nfc_tag_id',
  'latitude',
  'longitude',
  'is_active',
] as const;

/** "NFC tag ID: This NFC tag is already used by position B-12". */
export function importReason(t: TFunction, rejection: Rejection): string {
  const field = (FIELDS as readonly string[]).includes(rejection.field)
    ? t(`positions.import.fields.${rejection.field as (typeof FIELDS)[number]}`)
    : rejection.field;
  return `${field}: ${reasonText(t, rejection)}`;
}

/** The reasons of each rejected row, by row number. */
export function reasonsByRow(t: TFunction, rejected: readonly Rejection[]): Map<number, string[]> {
  const byRow = new Map<number, string[]>();
  for (const r of rejected) byRow.set(r.row, [...(byRow.get(r.row) ?? []), importReason(t, r)]);
  return byRow;
}
