import { yupResolver } from '@hookform/resolvers/yup';
import { useMemo, useRef, useState } from 'react';
import type { Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import * as yup from 'yup';
import { createFloorPlan, uploadFloorPlanImage } from '../../api/gen/floor-plans/floor-plans.ts';
import type { FloorPlan } from '../../api/gen/model';
import { AppDialog } from '../../components/common/app-dialog.tsx';
import { FormField } from '../../components/common/form-field.tsx';
import { fieldsOf, TextField } from '../../components/common/form-inputs.tsx';
import { optionalText, requiredText } from '../../components/common/form-rules.ts';
import { useDialogForm } from '../../components/common/use-dialog-form.ts';
import { FLOOR_PLAN_LIMITS as L } from '../../domain/coverage-map.ts';

const planSchema = yup.object({
  plan_name: requiredText(L.nameMin, L.nameMax),
  building: optionalText(L.buildingMax),
  floor: optionalText(L.floorMax),
});
type PlanValues = yup.InferType<typeof planSchema>;

/** A new floor plan with its image: the plan is made, then its image uploaded. */
export function FloorPlanDialog({
  visible,
  onHide,
  onSaved,
}: {
  visible: boolean;
  onHide: () => void;
  onSaved: (plan: FloorPlan) => void;
}) {
  const { t } = useTranslation();
  const file = useRef<HTMLInputElement>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const resolver = useMemo(() => yupResolver(planSchema) as Resolver<PlanValues>, []);
  const { form, dialogProps } = useDialogForm<PlanValues>({
    resolver,
    values: { plan_name: '', building: '', floor: '' },
    visible,
    fields: ['plan_name', 'building', 'floor'],
    save: async (v) => {
      const image = file.current?.files?.[0];
      if (!image) {
        setFileError(t('coverageMap.plans.imageRequired'));
        throw new Error('image');
      }
      setFileError(null);
      const made = await createFloorPlan(v);
      const done = await uploadFloorPlanImage(made.floor_plan.id, { image });
      return done.floor_plan;
    },
    onSaved: (_v, plan) => onSaved(plan as FloorPlan),
    failureMessage: t('coverageMap.plans.saveFailed'),
  });
  const field = fieldsOf(form.control, 'floor-plan');
  return (
    <AppDialog
      header={t('coverageMap.plans.addHeader')}
      visible={visible}
      onHide={onHide}
      formId="floor-plan-form"
      {...dialogProps}
    >
      <TextField {...field('plan_name', t('coverageMap.plans.name'))} />
      <TextField {...field('building', t('coverageMap.plans.building'))} />
      <TextField {...field('floor', t('coverageMap.plans.floor'))} />
      <FormField id="floor-plan-image" label={t('coverageMap.plans.image')} error={fileError ?? undefined}>
        <input
          id="floor-plan-image"
          ref={file}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          aria-invalid={fileError ? true : undefined}
          aria-describedby={fileError ? 'floor-plan-image-error' : undefined}
          onChange={() => setFileError(null)}
        />
      </FormField>
    </AppDialog>
  );
}
