import { InputTextarea } from 'primereact/inputtextarea';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error.ts';
import type { TaskInstance } from '../../api/gen/model';
import { useCompleteTaskInstance } from '../../api/gen/unified-tasks/unified-tasks.ts';
import { AppDialog } from '../../components/common/app-dialog.tsx';
import { useDialogSave } from '../../components/common/use-dialog-save.ts';
import { LIMITS } from '../../domain/validation.ts';
import { useTasksMutation } from './use-tasks-api.ts';

type Props = {
  instance: TaskInstance | null;
  onHide: () => void;
  onDone: () => void;
};

/** Completion goes through its own call, with optional notes. */
export function CompleteDialog({ instance, onHide, onDone }: Props) {
  const { t } = useTranslation();
  const complete = useTasksMutation(useCompleteTaskInstance);
  const [notes, setNotes] = useState('');
  const { dialogProps } = useDialogSave({
    header: t('tasks.complete.header'),
    visible: instance !== null,
    onHide,
    onOpen: () => setNotes(''),
    save: async () => {
      if (!instance) return;
      await complete.mutateAsync({ id: instance.id, data: { notes: notes.trim() || null } });
      onDone();
    },
    failureMessage: (failure) =>
      isApiError(failure) && failure.status === 409
        ? t('tasks.complete.already')
        : t('tasks.complete.failed'),
  });

  return (
    <AppDialog formId="complete-form" saveLabel={t('tasks.complete.save')} {...dialogProps}>
      {instance ? (
        <p className="task-complete__intro">
          {t('tasks.complete.intro', { name: instance.task_name, position: instance.position_code })}
        </p>
      ) : null}
      <div className="form-field">
        <label htmlFor="complete-notes">{t('tasks.complete.notes')}</label>
        <InputTextarea
          id="complete-notes"
          value={notes}
          onChange={(e) => setNotes(e.target.value)}
          rows={3}
          autoResize
          maxLength={LIMITS.textMax}
        />
      </div>
    </AppDialog>
  );
}
