import { useTranslation } from 'react-i18next';
import type { TaskTemplate } from '../../api/gen/model';
import { useCreateTaskTemplate, useUpdateTaskTemplate } from '../../api/gen/unified-tasks/unified-tasks.ts';
import { AppDialog } from '../../components/common/app-dialog.tsx';
import { fieldsOf, SwitchField, TextField } from '../../components/common/form-inputs.tsx';
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
  const field = fieldsOf(form.control, 'template');

  return (
    <AppDialog
      formId="template-form"
      size="wide"
      history={template && { entityType: 'task_template', entityId: template.id }}
      {...dialogProps}
    >
      <div className="form-grid">
        <TextField {...field('task_name', t('tasks.templates.form.taskName'))} />
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
          {...field('template_name', t('tasks.templates.form.templateName'))}
          hint={t('tasks.templates.form.templateNameHint')}
          className="form-grid__full"
        />
        <TaskDetailFields control={form.control} idPrefix="template" />
        {template ? <SwitchField {...field('is_active', t('tasks.form.active'), 'template-active')} /> : null}
      </div>
    </AppDialog>
  );
}
