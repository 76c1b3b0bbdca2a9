import { yupResolver } from '@hookform/resolvers/yup';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TaskTemplate } from '../../api/gen/model';
import { useCreateTaskTemplate, useUpdateTaskTemplate } from '../../api/gen/unified-tasks/unified-tasks.ts';
import { AppDialog } from '../../components/common/app-dialog.tsx';
import { SwitchField, TextField } from '../../components/common/form-inputs.tsx';
import { useDialogForm } from '../../components/common/use-dialog-form.ts';
import { TaskDetailFields } from './task-detail-fields.tsx';
import {
  TEMPLATE_FORM_FIELDS,
  templateFormSchema,
  templateFormValues,
  toTemplateBody,
} from './template-form.schema.ts';
import { useTasksMutation } from './use-tasks-api.ts';

type Props = {
  template: TaskTemplate | null;
  visible: boolean;
  onHide: () => void;
  onSaved: () => void;
};

/** A template of the library: add (the server gives it its code) or edit. */
export function TemplateFormDialog({ template, visible, onHide, onSaved }: Props) {
  const { t } = useTranslation();
  const resolver = useMemo(() => yupResolver(templateFormSchema()), []);
  const create = useTasksMutation(useCreateTaskTemplate);
  const update = useTasksMutation(useUpdateTaskTemplate);
  const { form, dialogProps } = useDialogForm({
    resolver,
    values: templateFormValues(template),
    visible,
    fields: TEMPLATE_FORM_FIELDS,
    save: (values) =>
      template
        ? update.mutateAsync({ id: template.id, data: toTemplateBody(values) })
        : create.mutateAsync({ data: toTemplateBody(values) }),
    onSaved,
    failureMessage: t('tasks.templates.saveFailed'),
  });
  const { control } = form;

  return (
    <AppDialog
      header={template ? t('tasks.templates.edit') : t('tasks.templates.add')}
      visible={visible}
      onHide={onHide}
      formId="template-form"
      size="wide"
      {...dialogProps}
    >
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
