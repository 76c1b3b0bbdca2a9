/** Mounts the app's one Toast and one ConfirmDialog and provides useNotify (see notify-context.ts). */
import { Button } from 'primereact/button';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { Toast, type ToastMessage } from 'primereact/toast';
import { type ReactNode, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UNDO_MS } from '../../domain/trash.ts';
import { type ConfirmOptions, type Notify, NotifyContext } from './notify-context.ts';

const TOAST_LIFE_MS = 4000;

export function NotifyProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const toast = useRef<Toast>(null);
  // The request outlives `open`, so the text stays put while the dialog fades out.
  const [request, setRequest] = useState<ConfirmOptions | null>(null);
  const [open, setOpen] = useState(false);

  const notify = useMemo<Notify>(() => {
    const show = (severity: 'success' | 'info' | 'error', detail: string) =>
      toast.current?.show({
        severity,
        summary: severity === 'error' ? t('common.error') : t('common.success'),
        detail,
        life: TOAST_LIFE_MS,
      });
    return {
      success: (text) => show('success', text),
      info: (text) => show('info', text),
      error: (text) => show('error', text),
      undo: (text, onUndo) => {
        let done = false;
        const message: ToastMessage = {
          severity: 'success',
          life: UNDO_MS,
          content: () => (
            <div className="undo-toast">
              <span className="p-toast-message-icon pi pi-check" aria-hidden="true" />
              <div className="p-toast-message-text">
                <span className="p-toast-summary">{t('common.success')}</span>
                <div className="p-toast-detail">{text}</div>
              </div>
              <Button
                label={t('common.undo')}
                icon="pi pi-undo"
                size="small"
                outlined
                className="undo-toast__button"
                onClick={() => {
                  if (done) return;
                  done = true;
                  toast.current?.remove(message);
                  void onUndo();
                }}
              />
            </div>
          ),
        };
        toast.current?.show(message);
      },
      confirm: (options) => {
        setRequest(options);
        setOpen(true);
      },
    };
  }, [t]);

  return (
    <NotifyContext.Provider value={notify}>
      {children}
      {/* Bottom right: at the top the toasts covered the page header's buttons. */}
      <Toast ref={toast} position="bottom-right" />
      <ConfirmDialog
        visible={open}
        onHide={() => setOpen(false)}
        header={request?.header}
        message={request?.message}
        icon="pi pi-exclamation-triangle"
        acceptLabel={request?.acceptLabel ?? (request?.danger ? t('common.delete') : t('common.yes'))}
        rejectLabel={t('common.cancel')}
        acceptClassName={request?.danger ? 'p-button-danger' : undefined}
        defaultFocus={request?.danger ? 'reject' : 'accept'}
        accept={() => void request?.onAccept()}
      />
    </NotifyContext.Provider>
  );
}
