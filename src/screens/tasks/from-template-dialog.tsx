import { Checkbox } from 'primereact/checkbox';
import { Message } from 'primereact/message';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type {
  CreateTaskInstancesFromTemplate201 as BulkCreateResult,
  TaskTemplate,
} from '../../api/gen/model';
import { useCreateTaskInstancesFromTemplate } from '../../api/gen/unified-tasks/unified-tasks.ts';
import { AppDialog } from '../../components/common/app-dialog.tsx';
import { FormField } from '../../components/common/form-field.tsx';
import { AppMultiSelect } from '../../components/common/multi-select.tsx';
import { useDialogSave } from '../../components/common/use-dialog-save.ts';
import { TASK_LIMITS } from '../../domain/tasks.ts';
import { useTasksMutation } from './use-tasks-api.ts';

type Props = {
  template: TaskTemplate | null;
  /** Active positions only: an inactive one takes no new task. */
  positions: readonly { value: number; label: string }[];
  onHide: () => void;
  onCreated: (result: BulkCreateResult) => void;
};

/**
 * From the template library: create a template's task at the chosen positions (select all, or
 * some), then say how many were created and how many skipped (they already had one open).
 */
export function FromTemplateDialog({ template, positions, onHide, onCreated }: Props) {
  const { t } = useTranslation();
  const create = useTasksMutation(useCreateTaskInstancesFromTemplate);
  const [selected, setSelected] = useState<number[]>([]);
  const [result, setResult] = useState<BulkCreateResult | null>(null);
  const { dialogProps } = useDialogSave({
    header: t('tasks.fromTemplate.header', { name: template?.task_name ?? '' }),
    visible: template !== null,
    onHide,
    onOpen: () => {
      setSelected([]);
      setResult(null);
    },
    ready: selected.length > 0 && selected.length <= TASK_LIMITS.bulkPositionsMax,
    save: async () => {
      if (!template) return;
      const answer = await create.mutateAsync({ data: { template_id: template.id, positions: selected } });
      setResult(answer);
      // Done: the result stays in view and Create waits for a new choice (no second run by a second click).
      setSelected([]);
      onCreated(answer);
    },
    failureMessage: t('tasks.fromTemplate.failed'),
  });

  const allIds = positions.map((p) => p.value);
  const allSelected = allIds.length > 0 && selected.length === allIds.length;

  return (
    <AppDialog
      formId="from-template-form"
      saveLabel={t('tasks.fromTemplate.submit')}
      size="wide"
      {...dialogProps}
    >
      {result ? (
        <Message
          severity={result.skipped_count > 0 ? 'warn' : 'success'}
          className="form-alert task-bulk-result"
          role="status"
          text={`${t('tasks.fromTemplate.result', { created: result.created_count, skipped: result.skipped_count })}${
            result.skipped_count > 0 ? ` ${t('tasks.fromTemplate.skippedHint')}` : ''
          }`}
        />
      ) : null}
      <div className="task-select-all">
        <Checkbox
          inputId="from-template-all"
          checked={allSelected}
          onChange={(e) => setSelected(e.checked ? allIds : [])}
          disabled={allIds.length === 0}
        />
        <label htmlFor="from-template-all">{t('tasks.fromTemplate.selectAll')}</label>
        <span className="task-select-all__count">
          {t('tasks.fromTemplate.selected', { count: selected.length })}
        </span>
      </div>
      <FormField id="from-template-positions" label={t('tasks.fromTemplate.positions')}>
        <AppMultiSelect
          inputId="from-template-positions"
          value={selected}
          options={[...positions]}
          onChange={(e) => setSelected(e.value as number[])}
          filterLabel={t('tasks.fromTemplate.positionsFilter')}
          maxSelectedLabels={6}
          selectedItemsLabel={t('tasks.fromTemplate.selected', { count: selected.length })}
          placeholder={t('tasks.fromTemplate.positionsPlaceholder')}
          className="task-positions-picker"
        />
      </FormField>
    </AppDialog>
  );
}
