import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../notify/notify-context.ts';

/**
 * A screen's add/edit dialog: `open(null)` adds, `open(row)` edits. Hiding keeps the row, so the
 * dialog does not change under its closing animation; a save closes it and says what was saved. Spread
 * `dialogProps` (visible, onHide, onSaved) on the form dialog and give it `row` as its record.
 * `created` is the record the last add made (its id), for the table to show it (useShownRow).
 */
export function useEditDialog<T>(options: { onCreated?: (id: number) => void } = {}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const { onCreated } = options;
  const [state, setState] = useState<{ visible: boolean; row: T | null }>({ visible: false, row: null });
  const [created, setCreated] = useState<number | null>(null);
  const open = useCallback((row: T | null) => setState({ visible: true, row }), []);
  const close = useCallback(() => setState((s) => ({ ...s, visible: false })), []);
  return {
    row: state.row,
    open,
    created,
    dialogProps: {
      visible: state.visible,
      onHide: close,
      onSaved: (name?: string, createdId?: number) => {
        close();
        if (createdId !== undefined) {
          setCreated(createdId);
          onCreated?.(createdId);
        }
        notify.success(name ? t('common.savedNamed', { name }) : t('common.saved'));
      },
    },
  };
}
