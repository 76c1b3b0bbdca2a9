import { useTranslation } from 'react-i18next';
import type { BulkOutcome } from '../../machines/bulk-assignment/bulk-assignment.machine.ts';
import type { Option } from './use-assignments-api.ts';

type Props = {
  outcome: BulkOutcome;
  positions: Option[];
  tasks: Option[];
  /** Rules are numbered as the user sees them (1, 2, …), not by their internal id. */
  ruleNumber: (ruleId: number) => number | string;
  /** A finished run (counts are what happened) rather than a preview (what would). */
  done?: boolean;
};

const nameOf = (options: Option[], id: number | undefined) =>
  id === undefined ? '' : (options.find((o) => o.value === id)?.label.split(' – ')[0] ?? `#${id}`);

/** What a dry run would do, or what a run did: counts per kind of rule, and each refused row. */
export function WizardOutcome({ outcome, positions, tasks, ruleNumber, done = false }: Props) {
  const { t } = useTranslation();
  const rows = [
    outcome.assignments
      ? { key: 'assignments', label: t('assignments.wizard.preview.assignments'), ...outcome.assignments }
      : null,
    outcome.instances
      ? { key: 'instances', label: t('assignments.wizard.preview.instances'), ...outcome.instances }
      : null,
  ].filter((r) => r !== null);
  return (
    <div className="wizard-outcome">
      <table className="wizard-counts">
        <thead>
          <tr>
            <th scope="col" />
            <th scope="col">
              {done ? t('assignments.wizard.result.created') : t('assignments.wizard.preview.created')}
            </th>
            <th scope="col">{t('assignments.wizard.preview.skipped')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key}>
              <th scope="row">{r.label}</th>
              <td data-testid={`${r.key}-created`}>{r.created}</td>
              <td data-testid={`${r.key}-skipped`}>{r.skipped}</td>
            </tr>
          ))}
          <tr>
            <th scope="row">{t('assignments.wizard.preview.refused')}</th>
            <td data-testid="refused-count" colSpan={2}>
              {outcome.refused.length}
            </td>
          </tr>
        </tbody>
      </table>
      {outcome.refused.length > 0 ? (
        <section aria-label={t('assignments.wizard.preview.refusedList')}>
          <h4>{t('assignments.wizard.preview.refusedList')}</h4>
          <ul className="wizard-refused">
            {outcome.refused.slice(0, 50).map((r) => (
              <li key={`${r.ruleId}-${r.positionId}-${r.taskId ?? r.templateId ?? ''}`}>
                {t('assignments.wizard.preview.refusedRow', {
                  rule: ruleNumber(r.ruleId),
                  position: nameOf(positions, r.positionId),
                  task: r.taskId
                    ? t('assignments.wizard.preview.refusedTask', { task: nameOf(tasks, r.taskId) })
                    : '',
                  message: r.message,
                })}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
