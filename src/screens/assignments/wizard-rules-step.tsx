import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/common/empty-state.tsx';
import { IconButton } from '../../components/common/icon-button.tsx';
import { AppMultiSelect } from '../../components/common/multi-select.tsx';
import { dropdownPt } from '../../components/common/select-a11y.ts';
import {
  type BulkRule,
  parseTaskIds,
  typedTaskIdsCheck,
} from '../../machines/bulk-assignment/bulk-assignment.machine.ts';
import type { Option } from './use-assignments-api.ts';
import type { BulkWizard } from './use-bulk-wizard.ts';

type Props = {
  wizard: BulkWizard;
  positions: Option[];
  tasks: Option[];
  templates: Option[];
};

const codeOf = (options: Option[], id: number | null) =>
  id === null ? '' : (options.find((o) => o.value === id)?.label.split(' – ')[0] ?? `#${id}`);

/** Step 1: the rule being configured and the rules added so far. */
export function WizardRulesStep({ wizard, positions, tasks, templates }: Props) {
  const { t } = useTranslation();
  const { snapshot, send } = wizard;
  const { method, draft, draftProblem, rules } = snapshot.context;
  const edit = (patch: Partial<typeof draft>) => send({ type: 'wizard.editDraft', patch });
  const picked = parseTaskIds(draft.taskIdsText).ids.filter((id) => tasks.some((o) => o.value === id));
  // Typed ids are checked as they are typed, not only when the rule is added.
  const typed = typedTaskIdsCheck(draft.taskIdsText, snapshot.context.knownTaskIds);
  const typedProblem =
    typed.invalid.length > 0
      ? t('assignments.wizard.problems.taskIdsInvalid')
      : typed.unknown.length > 0
        ? t('assignments.wizard.rules.unknownIds', {
            count: typed.unknown.length,
            ids: typed.unknown.join(', '),
          })
        : null;
  const positionsLabel = t('assignments.wizard.rules.positions');
  const allPositions = positions.length > 0 && positions.every((p) => draft.positionIds.includes(p.value));

  const describe = (rule: BulkRule) => {
    const positionsText = t('assignments.wizard.rules.positionCount', { count: rule.positionIds.length });
    const text =
      rule.method === 'existing'
        ? t('assignments.wizard.rules.ruleExisting', {
            tasks: t('assignments.wizard.rules.taskCount', { count: rule.taskIds.length }),
            positions: positionsText,
          })
        : t('assignments.wizard.rules.ruleTemplate', {
            template: codeOf(templates, rule.templateId),
            positions: positionsText,
          });
    return rule.isPrimary ? `${text} (${t('assignments.wizard.rules.primary')})` : text;
  };

  return (
    <div className="wizard-rules">
      <div className="form-grid">
        <div className="form-field form-grid__full">
          <label htmlFor="wizard-positions">{positionsLabel}</label>
          <AppMultiSelect
            inputId="wizard-positions"
            value={draft.positionIds}
            options={positions}
            onChange={(e) => edit({ positionIds: e.value as number[] })}
            placeholder={t('assignments.wizard.rules.positionsPlaceholder')}
            maxSelectedLabels={6}
            filterLabel={positionsLabel}
          />
          {/* Select all beside the picker, a checkbox of its own with its own label (the menu's
              header box had no name and sat inside another control). */}
          <div className="form-switch wizard-select-all">
            <Checkbox
              inputId="wizard-positions-all"
              checked={allPositions}
              disabled={positions.length === 0}
              onChange={(e) => edit({ positionIds: e.checked ? positions.map((p) => p.value) : [] })}
            />
            <label htmlFor="wizard-positions-all">
              {t('assignments.wizard.rules.allPositions', { count: positions.length })}
            </label>
          </div>
        </div>
        {method === 'existing' ? (
          <>
            <div className="form-field">
              <label htmlFor="wizard-task-pick">{t('assignments.wizard.rules.pickTasks')}</label>
              <AppMultiSelect
                inputId="wizard-task-pick"
                value={picked}
                options={tasks.map((o) => ({ ...o, label: `${o.label} (#${o.value})` }))}
                onChange={(e) => edit({ taskIdsText: (e.value as number[]).join(', ') })}
                maxSelectedLabels={4}
                filterLabel={t('assignments.wizard.rules.pickTasks')}
              />
            </div>
            <div className="form-field">
              <label htmlFor="wizard-task-ids">{t('assignments.wizard.rules.taskIds')}</label>
              <InputText
                id="wizard-task-ids"
                value={draft.taskIdsText}
                onChange={(e) => edit({ taskIdsText: e.target.value })}
                aria-describedby="wizard-task-ids-hint"
                aria-invalid={typedProblem ? true : undefined}
                invalid={typedProblem !== null}
              />
              <small
                id="wizard-task-ids-hint"
                className={typedProblem ? 'p-error' : 'form-field__hint'}
                role={typedProblem ? 'alert' : undefined}
              >
                {typedProblem ?? t('assignments.wizard.rules.taskIdsHint')}
              </small>
            </div>
          </>
        ) : (
          <div className="form-field">
            <label htmlFor="wizard-template">{t('assignments.wizard.rules.template')}</label>
            <Dropdown
              inputId="wizard-template"
              value={draft.templateId}
              options={templates}
              onChange={(e) => edit({ templateId: e.value ?? null })}
              filter
              pt={dropdownPt(t('assignments.wizard.rules.template'))}
            />
          </div>
        )}
        <div className="form-switch form-grid__full">
          <Checkbox
            inputId="wizard-primary"
            checked={draft.isPrimary}
            onChange={(e) => edit({ isPrimary: Boolean(e.checked) })}
          />
          <label htmlFor="wizard-primary">{t('assignments.wizard.rules.isPrimary')}</label>
        </div>
      </div>
      {draftProblem ? (
        <Message
          severity="warn"
          text={t(`assignments.wizard.problems.${draftProblem}`)}
          className="page-alert"
        />
      ) : null}
      <Button
        type="button"
        label={t('assignments.wizard.rules.addRule')}
        icon="pi pi-plus"
        outlined
        onClick={() => send({ type: 'wizard.addRule' })}
      />
      <h3 className="wizard-subheading">{t('assignments.wizard.rules.heading')}</h3>
      {rules.length === 0 ? (
        <EmptyState icon="pi pi-list" message={t('assignments.wizard.rules.none')} />
      ) : (
        <ol className="wizard-rule-list">
          {rules.map((rule) => (
            <li key={rule.id}>
              <span>{describe(rule)}</span>
              <IconButton
                icon="pi pi-times"
                label={`${t('assignments.wizard.rules.removeRule')} ${describe(rule)}`}
                tooltip={t('assignments.wizard.rules.removeRule')}
                danger
                onClick={() => send({ type: 'wizard.removeRule', id: rule.id })}
              />
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
