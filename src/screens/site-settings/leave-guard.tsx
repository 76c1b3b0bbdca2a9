/**
 * Leaving the settings with unsaved changes asks first: in-app navigation through TanStack
 * Router's blocker (a dialog to stay or leave), and closing or reloading the tab through the
 * browser's own beforeunload prompt.
 */
import { useBlocker } from '@tanstack/react-router';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';

export function LeaveGuard({ dirty }: { dirty: boolean }) {
  const { t } = useTranslation();
  // Read at navigation time, so the blocker need not be re-registered on every edit.
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  const blocker = useBlocker({
    shouldBlockFn: () => dirtyRef.current,
    enableBeforeUnload: () => dirtyRef.current,
    withResolver: true,
  });
  const blocked = blocker.status === 'blocked';

  return (
    <Dialog
      header={t('siteSettings.leave.header')}
      visible={blocked}
      onHide={() => blocker.reset?.()}
      modal
      draggable={false}
      className="leave-dialog"
      footer={
        <div className="dialog-footer">
          <Button label={t('siteSettings.leave.stay')} text autoFocus onClick={() => blocker.reset?.()} />
          <Button
            label={t('siteSettings.leave.leave')}
            severity="danger"
            onClick={() => blocker.proceed?.()}
          />
        </div>
      }
    >
      <p className="leave-dialog__message">{t('siteSettings.leave.message')}</p>
    </Dialog>
  );
}
