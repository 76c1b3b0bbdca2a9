/**
 * The Save of an AppDialog whose state is not a react-hook-form (tasks to link, a file to import,
 * a note): each opening calls `onOpen` to reset the dialog's own state and clears the alert; Save
 * runs `save` with the spinner showing and puts what went wrong in the alert. Returns every
 * AppDialog prop but formId, as useRecordForm does for a record's form:
 *
 *   const { dialogProps } = useDialogSave({
 *     header: t('tasks.complete.header'), visible, onHide, onOpen: () => setNotes(''),
 *     save: async () => { await complete.mutateAsync(…); onDone(); },
 *     failureMessage: t('tasks.complete.failed'),
 *   });
 *   return <AppDialog formId="complete-form" {...dialogProps}>…</AppDialog>;
 */
import { type BaseSyntheticEvent, useEffect, useRef, useState } from 'react';

export interface DialogSaveOptions {
  header: string;
  visible: boolean;
  onHide: () => void;
  /** Resets the dialog's own state each time it opens. */
  onOpen?: () => void;
  /** Save stays disabled until the dialog can be sent (a name given, a file checked). */
  ready?: boolean;
  /** Something required is not given: Save only marks the dialog `tried`, so it can say what. */
  missing?: boolean;
  /**
   * Sends, then finishes as the dialog does (closes, or shows what was done). A text it resolves
   * to is a refusal for the alert (e.g. the server's check said no) and the dialog stays open.
   */
  save: () => Promise<unknown>;
  /** The alert's text when save throws; a function gets the error. */
  failureMessage: string | ((error: unknown) => string);
}

export function useDialogSave(options: DialogSaveOptions) {
  const { header, visible, onHide, ready = true, missing = false, save, failureMessage } = options;
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [tried, setTried] = useState(false);
  // Only opening resets, with the dialog's latest onOpen (a new function every render).
  const onOpen = useRef(options.onOpen);
  onOpen.current = options.onOpen;
  useEffect(() => {
    if (!visible) return;
    onOpen.current?.();
    setError(null);
    setTried(false);
  }, [visible]);

  const onSubmit = async (event?: BaseSyntheticEvent) => {
    event?.preventDefault();
    setTried(true);
    if (!ready || missing) return;
    setSaving(true);
    setError(null);
    try {
      const refusal = await save();
      setError(typeof refusal === 'string' ? refusal : null);
    } catch (failure) {
      setError(typeof failureMessage === 'function' ? failureMessage(failure) : failureMessage);
    } finally {
      setSaving(false);
    }
  };

  return {
    /** Save was pressed since the dialog opened: the time to show what is missing. */
    tried,
    /** For an alert the dialog raises itself (a file it cannot read). */
    setError,
    dialogProps: { header, visible, onHide, onSubmit, saving, error, saveDisabled: !ready },
  };
}
