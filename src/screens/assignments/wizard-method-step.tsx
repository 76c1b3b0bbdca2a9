import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { RadioButton } from 'primereact/radiobutton';
import { useTranslation } from 'react-i18next';
import type { BulkMethod, BulkOutcome } from '../../machines/bulk-assignment/bulk-assignment.machine.ts';
import { bulkVerdict } from '../../machines/bulk-assignment/bulk-assignment.selectors.ts';
import type { Option } from './use-assignments-api.ts';
import type { BulkWizard } from './use-bulk-wizard.ts';
import { WizardOutcome } from './wizard-outcome.tsx';

type Props = { wizard: BulkWizard; positions: Option[]; tasks: Option[] };

const SEVERITY = { done: 'success', partial: 'warn', refused: 'error', nothing: 'info' } as const;

/** Green only when everything asked for was created; otherwise what happened, in so many words. */
function ResultMessage({ outcome }: { outcome: BulkOutcome }) {
  const { t } = useTranslation();
  const { verdict, created, refused } = bulkVerdict(outcome);
  return (
    <Message
      severity={SEVERITY[verdict]}
      text={t(`assignments.wizard.result.${verdict}`, { created, refused })}
      role="status"
    />
  );
}

/** Step 0: the method, and the last run's result once the wizard has come back here. */
export function WizardMethodStep({ wizard, positions, tasks }: Props) {
  const { t } = useTranslation();
  const { snapshot, send } = wizard;
  const { method, result } = snapshot.context;
  const choice = (value: BulkMethod, label: string, hint: string) => (
    <div className="wizard-method">
      <RadioButton
        inputId={`wizard-method-${value}`}
        name="wizard-method"
        value={value}
        checked={method === value}
        onChange={() => send({ type: 'wizard.chooseMethod', method: value })}
        aria-describedby={`wizard-method-${value}-hint`}
      />
      <div>
        <label htmlFor={`wizard-method-${value}`}>{label}</label>
        <small id={`wizard-method-${value}-hint`} className="form-field__hint">
          {hint}
        </small>
      </div>
    </div>
  );

  return (
    <div className="wizard-method-step">
      {result ? (
        <section className="wizard-result" aria-label={t('assignments.wizard.result.heading')}>
          <ResultMessage outcome={result} />
          <WizardOutcome outcome={result} positions={positions} tasks={tasks} ruleNumber={(id) => id} done />
          <Button
            type="button"
            label={t('assignments.wizard.result.dismiss')}
            text
            onClick={() => send({ type: 'wizard.dismissResult' })}
          />
        </section>
      ) : null}
      <fieldset className="wizard-methods">
        <legend>{t('assignments.wizard.method.heading')}</legend>
        {choice(
          'existing',
          t('assignments.wizard.method.existing'),
          t('assignments.wizard.method.existingHint'),
        )}
        {choice(
          'template',
          t('assignments.wizard.method.template'),
          t('assignments.wizard.method.templateHint'),
        )}
      </fieldset>
    </div>
  );
}
