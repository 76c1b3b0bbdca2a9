/**
 * The one form dialog: header, the form, an alert slot for the dialog-level failure
 * ('Failed to save X. Please try again'), and Cancel/Save in the footer. Save submits the form
 * through its id, so the fields stay plain children. On open the first field takes focus; Escape,
 * the close icon and Cancel close it, except while saving, and ask first when the form has unsaved
 * changes, as leaving the page does (a route change or closing the tab). Escape inside an open
 * dropdown or calendar closes only that popup.
 *
 * Editing a record (`history` names it), a live event saying someone else changed it shows a
 * notice above the fields; a save refused because they did (`conflict`, useDialogForm) shows what
 * they changed and offers their version or a save that keeps the user's values.
 */
import { useBlocker, useRouter } from '@tanstack/react-router';
import { Button } from 'primereact/button';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { Dialog } from 'primereact/dialog';
import { Message } from 'primereact/message';
import { type BaseSyntheticEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { liveRecord } from '../../domain/live-events.ts';
import { type HistoryTarget, RecordHistory } from '../audit/record-history.tsx';
import { useLiveEvent } from '../live/use-live-event.ts';
import type { DialogConflict } from './use-dialog-form.ts';

export interface AppDialogProps {
  header: string;
  visible: boolean;
  onHide: () => void;
  /** The form's id, unique on the page (e.g. 'user-form'); the footer's Save submits it. */
  formId: string;
  /** The submit handler, e.g. react-hook-form's handleSubmit(...) or useDialogForm's. */
  onSubmit: (event?: BaseSyntheticEvent) => unknown;
  /** Save shows a spinner; Cancel, Escape and the close icon wait. */
  saving: boolean;
  /** A dialog-level failure, shown above the fields; null hides the alert. */
  error?: string | null;
  /** Defaults to Save. */
  saveLabel?: string;
  /** Save stays disabled until the form can be sent (e.g. no user group without a name and a code). */
  saveDisabled?: boolean;
  /** The form has unsaved changes: closing asks before they are discarded. */
  dirty?: boolean;
  /** 'wide' for forms with pickers or two-column detail. */
  size?: 'normal' | 'wide';
  /** The record being edited: its History panel below the form (for a viewer who may read it). */
  history?: HistoryTarget | null;
  /** A save was refused because someone else saved the record first: the alert's two ways on. */
  conflict?: DialogConflict | null;
  children: ReactNode;
}

/** Whether someone else changed the record while the dialog is open (a live "changed" event naming it). */
function useChangedElsewhere(visible: boolean, saving: boolean, record: HistoryTarget | null | undefined) {
  const [changed, setChanged] = useState(false);
  const key = record ? liveRecord(record.entityType, record.entityId) : null;
  useEffect(() => {
    if (visible) setChanged(false);
  }, [visible]);
  useLiveEvent((event) => {
    // The dialog's own save announces the record too: not while it is being sent.
    if (!visible || saving || !key || event.type !== 'changed') return;
    if (event.data.records?.includes(key)) setChanged(true);
  });
  return [changed, setChanged] as const;
}

/**
 * Leaving the page (a link, the sidebar, Back) with unsaved changes asks first, with the same
 * question as Cancel; closing or reloading the browser tab gets the browser's own question.
 */
function LeaveGuard() {
  const { t } = useTranslation();
  const blocker = useBlocker({
    // Only leaving the page discards the form; the screen changing its own URL (a filter, a page
    // after a save) keeps the dialog where it is.
    shouldBlockFn: ({ current, next }) => current.pathname !== next.pathname,
    enableBeforeUnload: true,
    withResolver: true,
  });
  return (
    <ConfirmDialog
      visible={blocker.status === 'blocked'}
      onHide={() => blocker.reset?.()}
      header={t('common.discard.header')}
      message={t('common.discard.message')}
      icon="pi pi-exclamation-triangle"
      acceptLabel={t('common.discard.accept')}
      rejectLabel={t('common.discard.keep')}
      acceptClassName="p-button-danger"
      defaultFocus="reject"
      accept={() => blocker.proceed?.()}
      reject={() => blocker.reset?.()}
    />
  );
}

const FIRST_FIELD =
  'input:not([type="hidden"]):not(:disabled), textarea:not(:disabled), select:not(:disabled)';

/**
 * What is open on top of a dialog and takes its own Escape: a select's or calendar's popup, the
 * discard question. Escape there must not close the form below.
 */
const OWNS_ESCAPE =
  '.p-dropdown-panel, .p-multiselect-panel, .p-datepicker:not(.p-datepicker-inline), .p-autocomplete-panel, .p-confirm-dialog, .p-menu-overlay';

/**
 * The first field takes focus when the dialog has finished opening, unless the user is already in
 * one: a quick typist (or a busy machine that ends the opening late) would otherwise have the rest
 * of their typing moved into the first field.
 */
function focusFirstField(form: HTMLFormElement | null) {
  if (!form || form.contains(document.activeElement)) return;
  form.querySelector<HTMLElement>(FIRST_FIELD)?.focus();
}

export function AppDialog({
  header,
  visible,
  onHide,
  formId,
  onSubmit,
  saving,
  error,
  saveLabel,
  saveDisabled = false,
  dirty = false,
  size = 'normal',
  history,
  conflict,
  children,
}: AppDialogProps) {
  const { t } = useTranslation();
  const [changedElsewhere, setChangedElsewhere] = useChangedElsewhere(visible, saving, history);
  // A refused save says more than the notice did (and what follows it is the user's choice).
  useEffect(() => {
    if (conflict) setChangedElsewhere(false);
  }, [conflict, setChangedElsewhere]);
  const formRef = useRef<HTMLFormElement>(null);
  // A dialog can open outside a router (tests, the sign-in page): then there is no page to leave.
  const router = useRouter({ warn: false });
  const [asking, setAsking] = useState(false);
  const hide = () => {
    if (saving) return;
    if (dirty) setAsking(true);
    else onHide();
  };
  const latestHide = useRef(hide);
  latestHide.current = hide;

  // PrimeReact's own Escape closes the dialog even when a dropdown inside it had the key; this
  // one runs first (capture) and leaves the key to whatever popup is open.
  useEffect(() => {
    if (!visible) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || document.querySelector(OWNS_ESCAPE)) return;
      latestHide.current();
    };
    document.addEventListener('keydown', onKeyDown, true);
    return () => document.removeEventListener('keydown', onKeyDown, true);
  }, [visible]);

  const footer = (
    <div className="dialog-footer">
      <Button type="button" label={t('common.cancel')} text onClick={hide} disabled={saving} />
      <Button
        type="submit"
        form={formId}
        label={saveLabel ?? t('common.save')}
        icon="pi pi-check"
        loading={saving}
        disabled={saveDisabled}
      />
    </div>
  );

  return (
    <Dialog
      header={header}
      visible={visible}
      onHide={hide}
      onShow={() => focusFirstField(formRef.current)}
      footer={footer}
      modal
      draggable={false}
      closeOnEscape={false}
      className={`form-dialog${size === 'wide' ? ' form-dialog--wide' : ''}`}
      breakpoints={{ '640px': '95vw' }}
    >
      <form id={formId} ref={formRef} onSubmit={onSubmit} noValidate>
        {changedElsewhere && !error ? (
          <Message
            severity="warn"
            text={t('common.editConflict.notice')}
            className="form-alert"
            role="status"
            data-testid="changed-elsewhere"
          />
        ) : null}
        {error && conflict ? (
          <div className="form-alert form-conflict" role="alert">
            <Message severity="warn" text={error} />
            <div className="form-conflict__actions">
              <Button
                type="button"
                label={t('common.editConflict.reload')}
                icon="pi pi-refresh"
                outlined
                size="small"
                onClick={conflict.onReload}
              />
              <Button
                type="button"
                label={t('common.editConflict.keepMine')}
                icon="pi pi-check"
                size="small"
                onClick={conflict.onKeepMine}
              />
            </div>
          </div>
        ) : error ? (
          <Message severity="error" text={error} className="form-alert" role="alert" />
        ) : null}
        {children}
      </form>
      {history ? <RecordHistory key={`${history.entityType}:${history.entityId}`} target={history} /> : null}
      {router && visible && dirty && !saving ? <LeaveGuard /> : null}
      {/* Its own question, not the app's confirm: a form dialog also opens outside the app shell. */}
      <ConfirmDialog
        visible={asking}
        onHide={() => setAsking(false)}
        header={t('common.discard.header')}
        message={t('common.discard.message')}
        icon="pi pi-exclamation-triangle"
        acceptLabel={t('common.discard.accept')}
        rejectLabel={t('common.discard.keep')}
        acceptClassName="p-button-danger"
        defaultFocus="reject"
        accept={onHide}
      />
    </Dialog>
  );
}
