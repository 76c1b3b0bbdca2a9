import { InputTextarea } from 'primereact/inputtextarea';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error.ts';
import type { TaskInstance } from '../../api/gen/model';
import { useCompleteTaskInstance } from '../../api/gen/unified-tasks/unified-tasks.ts';
import { AppDialog } from '../../components/common/app-dialog.tsx';
import { LIMITS } from '../../domain/validation.ts';
import { useTasksMutation } from './use-tasks-api.ts';

type Props = {
  instance: TaskInstance | null;
  onHide: () => void;
  onDone: () => void;
};

/** Spec §4: completion goes through its own call, with optional notes. */
export function CompleteDialog({ instance, onHide, onDone }: Props) {
  const { t } = useTranslation();
  const complete = useTasksMutation(useCompleteTaskInstance);
  const [notes, setNotes] = useState('');
  const [error, setError] = useState<string | null>(null);
  const visible = instance !== null;

  useEffect(() => {
    if (visible) {
      setNotes('');
      setError(null);
    }
  }, [visible]);

  const submit = async (event?: { preventDefault(): void }) => {
    event?.preventDefault();
    if (!instance) return;
    setError(null);
    try {
      await complete.mutateAsync({ id: instance.id, data: { notes: notes.trim() || null } });
      onDone();
    } catch (failure) {
      setError(
        isApiError(failure) && failure.status === 409
          ? t('tasks.complete.already')
          : t('tasks.complete.failed'),
      );
    }
  };

  return (
    <AppDialog
      header={t('tasks.complete.header')}
      visible={visible}
      onHide={onHide}
      formId="complete-form"
      onSubmit={submit}
      saving={complete.isPending}
      error={error}
      saveLabel={t('tasks.complete.save')}
    >
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
