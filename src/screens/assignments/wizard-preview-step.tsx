import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { ProgressBar } from 'primereact/progressbar';
import { ProgressSpinner } from 'primereact/progressspinner';
import { useTranslation } from 'react-i18next';
import { bulkVerdict } from '../../machines/bulk-assignment/bulk-assignment.selectors.ts';
import type { Option } from './use-assignments-api.ts';
import type { BulkWizard } from './use-bulk-wizard.ts';
import { WizardOutcome } from './wizard-outcome.tsx';

type Props = { wizard: BulkWizard; positions: Option[]; tasks: Option[] };

/** Step 2: the server's dry run, then the run (its button in the wizard's footer), or the failure with a retry. */
export function WizardPreviewStep({ wizard, positions, tasks }: Props) {
  const { t } = useTranslation();
  const { snapshot, send, view } = wizard;
  const { preview, error, rules } = snapshot.context;
  /** The failure in words: what to do about it first, then the server's own message. */
  const failureText = (lead: string) =>
    error
      ? `${error.kind === 'failed' ? lead : t(`assignments.wizard.failure.${error.kind}`)} ${error.message}`
      : lead;
  const ruleNumber = (id: number) => rules.findIndex((r) => r.id === id) + 1 || id;
  const nothingToRun = preview ? bulkVerdict(preview).created === 0 : false;
  const retry = (
    <Button
      type="button"
      label={t('assignments.wizard.retry')}
      icon="pi pi-refresh"
      onClick={() => send({ type: 'wizard.retry' })}
    />
  );

  return (
    <div className="wizard-preview">
      <h3 className="wizard-subheading">{t('assignments.wizard.preview.heading')}</h3>
      {view.previewLoading ? (
        <div className="wizard-loading" role="status">
          <ProgressSpinner style={{ width: 32, height: 32 }} aria-hidden />
          <span>{t('assignments.wizard.preview.loading')}</span>
        </div>
      ) : null}
      {view.previewFailed ? (
        <>
          <Message
            severity="error"
            text={failureText(t('assignments.wizard.preview.failed'))}
            className="page-alert"
          />
          {retry}
        </>
      ) : null}
      {preview ? (
        <WizardOutcome outcome={preview} positions={positions} tasks={tasks} ruleNumber={ruleNumber} />
      ) : null}
      {view.executing ? (
        <div className="wizard-progress" role="status">
          <span>{t('assignments.wizard.executing')}</span>
          {/* The run is one server call and one transaction: there are no steps to count. */}
          <ProgressBar
            mode="indeterminate"
            style={{ height: 6 }}
            aria-label={t('assignments.wizard.executing')}
          />
        </div>
      ) : null}
      {view.executeFailed ? (
        <>
          <Message
            severity="error"
            text={failureText(t('assignments.wizard.executeFailed'))}
            className="page-alert"
          />
          {retry}
        </>
      ) : null}
      {view.previewReady && nothingToRun ? (
        <Message severity="info" text={t('assignments.wizard.nothingToRun')} className="page-alert" />
      ) : null}
    </div>
  );
}
