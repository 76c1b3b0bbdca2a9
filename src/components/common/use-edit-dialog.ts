import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../notify/notify-context.ts';

/**
 * A screen's add/edit dialog: `open(null)` adds, `open(row)` edits. Hiding keeps the row, so the
 * dialog does not change under its closing animation; a save closes it and says what was saved. Spread
 * `dialogProps` (visible, onHide, onSaved) on the form dialog and give it `row` as its record.
 */
export function useEditDialog<T>() {
  const { t } = useTranslation();
  const notify = useNotify();
  const [state, setState] = useState<{ visible: boolean; row: T | null }>({ visible: false, row: null });
  const open = useCallback((row: T | null) => setState({ visible: true, row }), []);
  const close = useCallback(() => setState((s) => ({ ...s, visible: false })), []);
  return {
    row: state.row,
    open,
    dialogProps: {
      visible: state.visible,
      onHide: close,
      onSaved: (name?: string) => {
        close();
        notify.success(name ? t('common.savedNamed', { name }) : t('common.saved'));
      },
    },
  };
}
