import { useTranslation } from 'react-i18next';
import type { TaskTemplate } from '../../api/gen/model';
import { useCreateTaskTemplate, useUpdateTaskTemplate } from '../../api/gen/unified-tasks/unified-tasks.ts';
import { AppDialog } from '../../components/common/app-dialog.tsx';
import { SwitchField, TextField } from '../../components/common/form-inputs.tsx';
import { type RecordDialogProps, useRecordForm } from '../../components/common/use-record-form.ts';
import { TaskDetailFields } from './task-detail-fields.tsx';
import { templateForm, toTemplateBody } from './template-form.schema.ts';
import { useTasksMutation } from './use-tasks-api.ts';

type Props = RecordDialogProps & { template: TaskTemplate | null };

/** A template of the library: add (the server gives it its code) or edit. */
export function TemplateFormDialog({ template, ...shown }: Props) {
  const { t } = useTranslation();
  const create = useTasksMutation(useCreateTaskTemplate);
  const update = useTasksMutation(useUpdateTaskTemplate);
  const { form, dialogProps } = useRecordForm({
    ...templateForm,
    record: template,
    ...shown,
    header: [t('tasks.templates.add'), t('tasks.templates.edit')],
    create: (values) => create.mutateAsync({ data: toTemplateBody(values) }),
    update: (row, values) => update.mutateAsync({ id: row.id, data: toTemplateBody(values) }),
    failureMessage: t('tasks.templates.saveFailed'),
  });
  const { control } = form;

  return (
    <AppDialog formId="template-form" size="wide" {...dialogProps}>
      <div className="form-grid">
        <TextField
          control={control}
          name="task_name"
          id="template-task_name"
          label={t('tasks.templates.form.taskName')}
        />
        {template ? (
          <div className="form-field">
            <span className="form-field__label">{t('tasks.templates.form.code')}</span>
            <code className="task-form__code">{template.task_code}</code>
          </div>
        ) : (
          <div className="form-field">
            <span className="form-field__label">{t('tasks.templates.form.code')}</span>
            <small className="form-field__hint">{t('tasks.templates.form.codeHint')}</small>
          </div>
        )}
        <TextField
          control={control}
          name="template_name"
          id="template-template_name"
          label={t('tasks.templates.form.templateName')}
          hint={t('tasks.templates.form.templateNameHint')}
          className="form-grid__full"
        />
        <TaskDetailFields control={control} idPrefix="template" />
        {template ? (
          <SwitchField
            control={control}
            name="is_active"
            id="template-active"
            label={t('tasks.form.active')}
          />
        ) : null}
      </div>
    </AppDialog>
  );
}
