import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useListUsers } from '../../api/gen/users/users.ts';
import { DayField } from '../../components/common/day-field.tsx';
import { FilterBar } from '../../components/common/filter-bar.tsx';
import { dropdownPt } from '../../components/common/select-a11y.ts';
import { AUDIT_ENTITY_TYPES } from '../../domain/audit.ts';
import { usePermissions } from '../../machines/auth/auth-provider.tsx';
import { type AuditLogSearch, filterCount } from './audit-log-search.ts';

type Props = {
  search: AuditLogSearch;
  onChange: (patch: Partial<AuditLogSearch>, options?: { replace?: boolean }) => void;
};

const TYPING_DELAY_MS = 300;
const STALE = 5 * 60_000;
const ACTION = /^[a-z_]+\.[a-z_]+$/;

const anyText = () => true;

/** A text filter that follows the URL and writes it after a pause in the typing (once valid). */
function useTypedFilter(
  value: string | undefined,
  write: (text: string | undefined) => void,
  valid: (text: string) => boolean = anyText,
) {
  const [text, setText] = useState(value ?? '');
  useEffect(() => setText(value ?? ''), [value]);
  useEffect(() => {
    const next = text.trim() || undefined;
    if (next === value || (next !== undefined && !valid(next))) return;
    const timer = setTimeout(() => write(next), TYPING_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, value, write, valid]);
  return [text, setText] as const;
}

const isAction = (text: string) => ACTION.test(text);

/** The audit log's filters: record type and id, who, action code, first and last day. */
export function AuditLogFilters({ search, onChange }: Props) {
  const { t } = useTranslation();
  const { can } = usePermissions();
  const id = useId();
  const users = useListUsers(undefined, { query: { enabled: can('users.read'), staleTime: STALE } });
  const [entityId, setEntityId] = useTypedFilter(
    search.entity_id,
    useMemo(() => (entity_id) => onChange({ entity_id }, { replace: true }), [onChange]),
  );
  const [action, setAction] = useTypedFilter(
    search.action,
    useMemo(() => (value) => onChange({ action: value }, { replace: true }), [onChange]),
    isAction,
  );

  const typeOptions = useMemo(
    () => AUDIT_ENTITY_TYPES.map((type) => ({ value: type, label: t(`auditLog.entityTypes.${type}`) })),
    [t],
  );
  const actorOptions = useMemo(
    () => (users.data?.users ?? []).map((u) => ({ value: u.id, label: `${u.first_name} ${u.last_name}` })),
    [users.data],
  );

  const day = (key: 'from' | 'to', label: string) => (
    <div className="filter-field filter-field--day">
      <label htmlFor={`${id}-${key}`}>{label}</label>
      <DayField id={`${id}-${key}`} value={search[key]} onChange={(value) => onChange({ [key]: value })} />
    </div>
  );

  return (
    <FilterBar active={filterCount(search)}>
      <fieldset className="list-filters">
        <legend className="sr-only">{t('auditLog.filters.label')}</legend>
        <div className="filter-field">
          <label htmlFor={`${id}-type`}>{t('auditLog.filters.entityType')}</label>
          <Dropdown
            inputId={`${id}-type`}
            value={search.entity_type ?? null}
            options={typeOptions}
            onChange={(e) => onChange({ entity_type: e.value ?? undefined })}
            placeholder={t('auditLog.filters.anyEntityType')}
            showClear
            className="filter-field__input"
            pt={dropdownPt(t('auditLog.filters.entityType'))}
          />
        </div>
        <div className="filter-field">
          <label htmlFor={`${id}-entity`}>{t('auditLog.filters.entityId')}</label>
          <InputText
            id={`${id}-entity`}
            value={entityId}
            maxLength={100}
            onChange={(e) => setEntityId(e.target.value)}
            className="audit-log-filters__short"
          />
        </div>
        {can('users.read') ? (
          <div className="filter-field">
            <label htmlFor={`${id}-actor`}>{t('auditLog.filters.actor')}</label>
            <Dropdown
              inputId={`${id}-actor`}
              value={search.actor_id ?? null}
              options={actorOptions}
              onChange={(e) => onChange({ actor_id: e.value ?? undefined })}
              placeholder={t('auditLog.filters.anyActor')}
              showClear
              filter={actorOptions.length > 8}
              className="filter-field__input"
              pt={dropdownPt(t('auditLog.filters.actor'))}
            />
          </div>
        ) : null}
        <div className="filter-field">
          <label htmlFor={`${id}-action`}>{t('auditLog.filters.action')}</label>
          <InputText
            id={`${id}-action`}
            value={action}
            maxLength={100}
            placeholder={t('auditLog.filters.actionPlaceholder')}
            onChange={(e) => setAction(e.target.value)}
            invalid={action.trim() !== '' && !isAction(action.trim())}
          />
        </div>
        {day('from', t('auditLog.filters.from'))}
        {day('to', t('auditLog.filters.to'))}
        {filterCount(search) > 0 ? (
          <Button
            type="button"
            label={t('auditLog.filters.clear')}
            icon="pi pi-filter-slash"
            text
            onClick={() =>
              onChange({
                entity_type: undefined,
                entity_id: undefined,
                actor_id: undefined,
                action: undefined,
                from: undefined,
                to: undefined,
              })
            }
          />
        ) : null}
      </fieldset>
    </FilterBar>
  );
}
