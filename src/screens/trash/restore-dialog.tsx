/**
 * Restoring into a conflict (409 TRASH_RESTORE_CONFLICT): the item's code, NFC tag or key is now
 * another record's, so the dialog asks for a new value of the field the server named and restores
 * under it (the screen keys it by item and field, so a new conflict starts empty). A second conflict (the new value taken too, or another field) shows in the dialog.
 */
import { InputText } from 'primereact/inputtext';
import { type BaseSyntheticEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TrashItem } from '../../api/gen/model';
import { AppDialog } from '../../components/common/app-dialog.tsx';
import { FormField } from '../../components/common/form-field.tsx';

export type RestoreField = 'position_code' | 'nfc_tag_id' | 'group_code' | 'task_code' | 'email';

export const RESTORE_FIELDS: readonly RestoreField[] = [
  'position_code',
  'nfc_tag_id',
  'group_code',
  'task_code',
  'email',
];

export interface RestoreConflict {
  item: TrashItem;
  field: RestoreField;
  /** What the server said of the last try (shown above the field). */
  error?: string;
}

type Props = {
  conflict: RestoreConflict | null;
  saving: boolean;
  onHide: () => void;
  onRestore: (item: TrashItem, field: RestoreField, value: string) => void;
};

export function RestoreDialog({ conflict, saving, onHide, onRestore }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const [value, setValue] = useState('');
  const field = conflict?.field;
  const submit = (event?: BaseSyntheticEvent) => {
    event?.preventDefault();
    if (conflict && value.trim()) onRestore(conflict.item, conflict.field, value.trim());
  };
  return (
    <AppDialog
      header={t('trash.conflict.header')}
      visible={conflict !== null}
      onHide={onHide}
      formId="trash-restore-form"
      onSubmit={submit}
      saving={saving}
      saveLabel={t('trash.restore')}
      saveDisabled={!value.trim()}
      error={conflict?.error ?? null}
    >
      <p className="trash-conflict__text">
        {conflict
          ? t('trash.conflict.message', {
              label: conflict.item.label,
              field: t(`trash.fields.${conflict.field}`),
            })
          : null}
      </p>
      {field ? (
        <FormField
          id={`${id}-value`}
          label={t('trash.conflict.newValue', { field: t(`trash.fields.${field}`) })}
        >
          <InputText
            id={`${id}-value`}
            value={value}
            maxLength={field === 'email' ? 254 : 50}
            onChange={(e) => setValue(e.target.value)}
          />
        </FormField>
      ) : null}
    </AppDialog>
  );
}
