import { Button } from 'primereact/button';
import { Steps } from 'primereact/steps';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Option } from './use-assignments-api.ts';
import { useBulkWizard } from './use-bulk-wizard.ts';
import { WizardMethodStep } from './wizard-method-step.tsx';
import { WizardPreviewStep } from './wizard-preview-step.tsx';
import { WizardRulesStep } from './wizard-rules-step.tsx';

type Props = {
  positions: Option[];
  tasks: Option[];
  /** The task list has answered: typed ids can be checked against it. */
  tasksLoaded: boolean;
  templates: Option[];
};

/**
 * The bulk assignment tool: a three-step wizard. The machine owns every step and rule;
 * this only renders its snapshot and sends `wizard.*` events.
 */
export function BulkWizard({ positions, tasks, tasksLoaded, templates }: Props) {
  const { t } = useTranslation();
  const knownTaskIds = useMemo(() => (tasksLoaded ? tasks.map((o) => o.value) : null), [tasks, tasksLoaded]);
  const wizard = useBulkWizard(knownTaskIds);
  const { view, send } = wizard;
  const steps = [
    { label: t('assignments.wizard.steps.method') },
    { label: t('assignments.wizard.steps.rules') },
    { label: t('assignments.wizard.steps.preview') },
  ];

  return (
    <div className="bulk-wizard" data-step={view.step}>
      <Steps model={steps} activeIndex={view.step} readOnly aria-label={t('assignments.tabs.bulk')} />
      <div className="bulk-wizard__body">
        {view.step === 0 ? <WizardMethodStep wizard={wizard} positions={positions} tasks={tasks} /> : null}
        {view.step === 1 ? (
          <WizardRulesStep wizard={wizard} positions={positions} tasks={tasks} templates={templates} />
        ) : null}
        {view.step === 2 ? <WizardPreviewStep wizard={wizard} positions={positions} tasks={tasks} /> : null}
      </div>
      <div className="bulk-wizard__footer">
        <Button
          type="button"
          label={t('assignments.wizard.cancel')}
          text
          disabled={!view.canCancel}
          onClick={() => send({ type: 'wizard.cancel' })}
        />
        <span className="bulk-wizard__spacer" />
        {view.canBack ? (
          <Button
            type="button"
            label={t('assignments.wizard.back')}
            icon="pi pi-arrow-left"
            outlined
            onClick={() => send({ type: 'wizard.back' })}
          />
        ) : null}
        {view.step < 2 ? (
          <Button
            type="button"
            label={t('assignments.wizard.next')}
            icon="pi pi-arrow-right"
            iconPos="right"
            disabled={view.step === 1 && !view.canPreview}
            onClick={() => send({ type: 'wizard.next' })}
          />
        ) : (
          // Run takes Next's place: the last step's action, where the wizard's way forward always is.
          <Button
            type="button"
            label={t('assignments.wizard.execute')}
            icon="pi pi-play"
            loading={view.executing}
            disabled={!view.canExecute}
            onClick={() => send({ type: 'wizard.execute' })}
          />
        )}
      </div>
    </div>
  );
}
