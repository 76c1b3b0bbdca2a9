import { yupResolver } from '@hookform/resolvers/yup';
import { useMemo } from 'react';
import type { Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import * as yup from 'yup';
import { useExcuseCoverageWindow } from '../../api/gen/coverage/coverage.ts';
import { useInvalidatingMutation } from '../../api/use-invalidating-mutation.ts';
import { AppDialog } from '../../components/common/app-dialog.tsx';
import { fieldsOf, TextAreaField } from '../../components/common/form-inputs.tsx';
import { requiredText } from '../../components/common/form-rules.ts';
import { useDialogForm } from '../../components/common/use-dialog-form.ts';
import { COVERAGE_LIMITS } from '../../domain/coverage.ts';

const excuseSchema = yup.object({
  reason: requiredText(COVERAGE_LIMITS.reasonMin, COVERAGE_LIMITS.reasonMax),
});
type ExcuseValues = yup.InferType<typeof excuseSchema>;

type Props = {
  /** The window to excuse; null closes the dialog. */
  windowId: number | null;
  onHide: () => void;
  onExcused: () => void;
};

/** A manager excuses a missed (or late) window with a reason. */
export function ExcuseDialog({ windowId, onHide, onExcused }: Props) {
  const { t } = useTranslation();
  // Every coverage query: the report's counts and the windows both change.
  const excuse = useInvalidatingMutation(useExcuseCoverageWindow, [['/coverage']]);
  const resolver = useMemo(() => yupResolver(excuseSchema) as Resolver<ExcuseValues>, []);
  const { form, dialogProps } = useDialogForm<ExcuseValues>({
    resolver,
    values: { reason: '' },
    visible: windowId !== null,
    fields: ['reason'],
    save: (v) => excuse.mutateAsync({ id: windowId as number, data: { reason: v.reason } }),
    onSaved: onExcused,
    failureMessage: t('coverage.excuseFailed'),
  });
  const field = fieldsOf(form.control, 'excuse');
  return (
    <AppDialog
      header={t('coverage.excuseHeader')}
      visible={windowId !== null}
      onHide={onHide}
      formId="excuse-form"
      saveLabel={t('coverage.excuse')}
      {...dialogProps}
    >
      <TextAreaField {...field('reason', t('coverage.reason'))} rows={3} />
    </AppDialog>
  );
}
